import type { ReactNode } from 'react';
import { Box, Button, Container, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { httpStatusOf } from '../../../app/api-client.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { BrandMark } from '../../../ui/brand-logo.tsx';

/** Phone-first shell of the public e-badge and verification pages: a compact header, the page, a quiet footer. */
export function EbadgeLayout({ kicker, title, children, size = 640 }: { kicker: string; title?: string | null; children: ReactNode; size?: number }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" py="sm" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size={size} px="md">
          <Group gap="sm" wrap="nowrap">
            <BrandMark size={32} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="xs" fw={700} c="brand.8" tt="uppercase" style={{ letterSpacing: '0.05em' }}>
                {kicker}
              </Text>
              {title && (
                <Title order={1} fz={{ base: 18, sm: 22 }} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
                  {title}
                </Title>
              )}
            </Stack>
          </Group>
        </Container>
      </Box>
      <Container component="main" size={size} px="md" py={{ base: 'md', sm: 'xl' }}>
        {children}
      </Container>
      <Text component="footer" ta="center" size="xs" c="dimmed" pb="lg">
        {t('ebadge.footer')}
      </Text>
    </Box>
  );
}

export function EbadgeLoading({ kicker }: { kicker: string }) {
  const { t } = useTranslation();
  return (
    <EbadgeLayout kicker={kicker}>
      <Stack gap="md" aria-busy="true" aria-label={t('app.loading')}>
        <Skeleton h={36} w="60%" />
        <Skeleton h={280} radius="md" />
        <Skeleton h={88} radius="md" />
      </Stack>
    </EbadgeLayout>
  );
}

/** A link that leads nowhere (404) or a load that failed (retry). */
export function EbadgeProblem({ kicker, error, onRetry, message }: { kicker: string; error?: unknown; onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  const isMissing = httpStatusOf(error) === 404;
  return (
    <EbadgeLayout kicker={kicker}>
      <Paper withBorder p="xl">
        <Stack align="center" ta="center" gap="sm" role="alert">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
            <IconLinkOff size={28} />
          </ThemeIcon>
          <Title order={2} fz={22}>
            {t('ebadge.loadError')}
          </Title>
          <Text c="dimmed" maw={460}>
            {isMissing ? (message ?? t('ebadge.notFound')) : errorMessage(error, t)}
          </Text>
          {!isMissing && onRetry && (
            <Button variant="light" onClick={onRetry}>
              {t('ebadge.retry')}
            </Button>
          )}
        </Stack>
      </Paper>
    </EbadgeLayout>
  );
}
