import type { ReactNode } from 'react';
import { Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { httpStatusOf } from '../../../../app/api-client.ts';
import { errorMessage } from '../../../../app/form-errors.ts';
import { PublicRegistrationLayout } from './public-registration-layout.tsx';

/** The public page while its registration data loads: the page's shape, not a spinner. */
export function PublicLoading({ kicker }: { kicker?: string }) {
  const { t } = useTranslation();
  return (
    <PublicRegistrationLayout isLoading kicker={kicker} footer={t('registration.public.footer')}>
      <Stack gap="md" aria-busy="true" aria-label={t('app.loading')}>
        <Skeleton h={36} w="60%" />
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={88} radius="md" />
        ))}
      </Stack>
    </PublicRegistrationLayout>
  );
}

/** A link that does not lead anywhere (404) or a load that failed (retry). */
export function PublicProblem({ kicker, error, onRetry, message, title, action }: { kicker?: string; error?: unknown; onRetry?: () => void; message?: string; title?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  const isMissing = message !== undefined || httpStatusOf(error) === 404;
  return (
    <PublicRegistrationLayout kicker={kicker} event={null} footer={t('registration.public.footer')}>
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" ta="center" gap="sm" role="alert">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
            <IconLinkOff size={28} />
          </ThemeIcon>
          <Title order={2} fz={22}>
            {title ?? t('registration.public.loadError')}
          </Title>
          <Text c="dimmed" maw={460}>
            {message ?? (isMissing ? t('registration.public.notFound') : errorMessage(error, t))}
          </Text>
          {!isMissing && onRetry && (
            <Button variant="light" onClick={onRetry}>
              {t('registration.public.retry')}
            </Button>
          )}
          {action}
        </Stack>
      </Paper>
    </PublicRegistrationLayout>
  );
}

export function PublicEmpty({ icon, title, body, action }: { icon: ReactNode; title: string; body: string; action?: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} fz={20}>
          {title}
        </Title>
        <Text c="dimmed" maw={460}>
          {body}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
