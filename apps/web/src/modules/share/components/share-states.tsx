import type { ReactNode } from 'react';
import { Button, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { httpStatusOf } from '../../../app/api-client.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { CenteredLayout } from '../../../ui/centered-layout.tsx';

/** The share pages' frame: one card under the brand, phone first. */
export function ShareLayout({ children, accentColor }: { children: ReactNode; accentColor?: string }) {
  const { t } = useTranslation();
  return (
    <CenteredLayout width={560} footer={t('share.footer')} accentColor={accentColor}>
      {children}
    </CenteredLayout>
  );
}

export function ShareLoading() {
  const { t } = useTranslation();
  return (
    <ShareLayout>
      <Stack gap="md" aria-busy="true" aria-label={t('app.loading')}>
        <Skeleton h={32} w="70%" />
        <Skeleton h={120} radius="md" />
        <Skeleton h={48} radius="md" />
      </Stack>
    </ShareLayout>
  );
}

/** A link that leads nowhere (404: its own words) or a load that failed (the error, with a retry). */
export function ShareProblem({ error, missing, onRetry, title, action }: { error: unknown; missing: string; onRetry: () => void; title?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  const isMissing = httpStatusOf(error) === 404;
  return (
    <ShareLayout>
      <Stack align="center" ta="center" gap="sm" role="alert">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLinkOff size={28} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          {title ?? t('share.loadError')}
        </Title>
        <Text c="dimmed" maw={460}>
          {isMissing ? missing : errorMessage(error, t)}
        </Text>
        {!isMissing && (
          <Button variant="light" onClick={onRetry}>
            {t('share.retry')}
          </Button>
        )}
        {action}
      </Stack>
    </ShareLayout>
  );
}
