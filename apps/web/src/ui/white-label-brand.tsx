import { Group, Text } from '@mantine/core';
import { isReadableWithWhite } from './color.ts';

export type TBrandLook = { displayName: string; logoUrl: string; primaryColor: string };

const isSafeImageUrl = (url: string) => /^(https?:\/\/|\/)/.test(url);

/** A white label's mark: its logo, or its initial on its colour, beside its display name (the accessible name). */
export function WhiteLabelBrand({ look, size = 36 }: { look: TBrandLook; size?: number }) {
  const initial = look.displayName.trim().charAt(0).toUpperCase() || '?';
  const fill = isReadableWithWhite(look.primaryColor) ? look.primaryColor : '#343a40';
  return (
    <Group gap={10} wrap="nowrap">
      {look.logoUrl && isSafeImageUrl(look.logoUrl) ? (
        <img src={look.logoUrl} alt="" width={size} height={size} style={{ objectFit: 'contain', borderRadius: 8 }} />
      ) : (
        <span
          aria-hidden="true"
          style={{
            width: size,
            height: size,
            borderRadius: 10,
            background: fill,
            color: '#fff',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontWeight: 800,
            fontSize: size * 0.5,
          }}
        >
          {initial}
        </span>
      )}
      <Text component="span" fw={800} fz={size * 0.6} c="gray.9" style={{ letterSpacing: '-0.02em' }}>
        {look.displayName}
      </Text>
    </Group>
  );
}
