import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { CenteredLayout } from '../ui/centered-layout.tsx';
import { usePageTitle } from '../ui/use-page-title.ts';

/** SPEC §2.1: anything not listed shows an error page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageTitle(t('errors.notFoundTitle'));
  return (
    <CenteredLayout width={520} footer={t('app.footer')}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconMapOff size={32} />
        </ThemeIcon>
        <Text fw={700} c="brand.7" fz={14}>
          404
        </Text>
        <Title order={1} fz={26}>
          {t('errors.notFoundTitle')}
        </Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('errors.notFoundBody', { path: pathname })}
        </Text>
        <Button component={Link} to="/">
          {t('errors.goHome')}
        </Button>
      </Stack>
    </CenteredLayout>
  );
}

/** Route error boundary: a page that failed to load (e.g. a stale chunk after a deploy) or threw. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error('[route] page failed', error);
  return (
    <CenteredLayout width={520} footer={t('app.footer')}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={32} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {t('errors.crashTitle')}
        </Title>
        <Text c="dimmed">{t('errors.crashBody')}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
          <Button variant="default" component="a" href="/">
            {t('errors.goHome')}
          </Button>
        </Group>
      </Stack>
    </CenteredLayout>
  );
}
