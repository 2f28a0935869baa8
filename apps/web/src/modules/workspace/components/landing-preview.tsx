import { Box, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isReadableWithWhite, primaryColorVariables } from '../../../ui/color.ts';
import { WhiteLabelBrand } from '../../../ui/white-label-brand.tsx';

export type TPreviewLook = { displayName: string; logoUrl: string; primaryColor: string; loginTitle: string; faviconUrl: string };

/**
 * A scaled-down picture of the landing page with the unsaved values, using the same brand mark and colour rules as
 * the real page (ui/white-label-brand.tsx, ui/color.ts). Inert: nothing in it can be focused or submitted.
 */
export function LandingPreview({ look, path, domain }: { look: TPreviewLook; path: string; domain: string | null }) {
  const { t } = useTranslation();
  const color = /^#[0-9a-f]{6}$/i.test(look.primaryColor) ? look.primaryColor : '#3d46c6';
  const isFilled = isReadableWithWhite(color);
  const name = look.displayName.trim() || t('whiteLabel.previewName');
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('whiteLabel.preview')}
      </Text>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Box px="sm" py={6} bg="gray.1" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', display: 'flex', alignItems: 'center', gap: 8 }}>
          {look.faviconUrl && /^(https?:\/\/|\/)/.test(look.faviconUrl) ? <img src={look.faviconUrl} alt="" width={14} height={14} /> : null}
          <Text size="xs" c="dimmed" ff="monospace" truncate>
            {`${domain || t('whiteLabel.yourDomain')}${path}`}
          </Text>
        </Box>
        <Box
          inert
          aria-hidden="true"
          p="lg"
          style={{
            background: 'linear-gradient(160deg, var(--mantine-color-gray-0) 0%, #fff 60%)',
            ...(isFilled ? primaryColorVariables(color) : {}),
          }}
        >
          <Stack align="center" gap="md">
            <WhiteLabelBrand look={{ displayName: name, logoUrl: look.logoUrl, primaryColor: color }} size={28} />
            <Paper withBorder shadow="xs" p="md" w="100%" maw={300} style={{ borderTop: `4px solid ${color}` }}>
              <Stack gap="xs">
                <Title order={3} fz={16}>
                  {look.loginTitle.trim() || t(`auth.landing.${path.slice(1)}`, { defaultValue: t('auth.loginTitle') })}
                </Title>
                <TextInput size="xs" label={t('auth.identifier')} readOnly tabIndex={-1} />
                <TextInput size="xs" label={t('auth.password')} readOnly tabIndex={-1} />
                <Button size="xs" fullWidth tabIndex={-1} color={isFilled ? undefined : 'dark'}>
                  {t('auth.signIn')}
                </Button>
              </Stack>
            </Paper>
          </Stack>
        </Box>
      </Paper>
      {!isFilled && (
        <Text size="xs" c="dimmed">
          {t('whiteLabel.lowContrast')}
        </Text>
      )}
    </Stack>
  );
}
