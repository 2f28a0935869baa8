import { Group, Text } from '@mantine/core';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#3b3fb8" />
      <path d="M32 10 8 26h48L32 10Z" fill="#fff" />
      <rect x="14" y="30" width="6" height="18" rx="1.5" fill="#fff" />
      <rect x="29" y="30" width="6" height="18" rx="1.5" fill="#fff" />
      <rect x="44" y="30" width="6" height="18" rx="1.5" fill="#fff" />
      <rect x="8" y="50" width="48" height="5" rx="2" fill="#fff" />
    </svg>
  );
}

/** The product name with its mark. The visible word "Pavilion" is the accessible name. */
export function BrandLogo({ size = 32, isCompact = false }: { size?: number; isCompact?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark size={size} />
      {!isCompact && (
        <Text component="span" fw={800} fz={size * 0.62} c="gray.9" style={{ letterSpacing: '-0.02em' }}>
          Pavilion
        </Text>
      )}
    </Group>
  );
}
