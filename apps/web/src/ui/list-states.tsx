/** The three states of a dashboard list besides its rows: loading (skeleton rows), failed (with retry), empty. */
import type { ReactNode } from 'react';
import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../app/form-errors.ts';
import { EmptyState } from './empty-state.tsx';

export function ListLoading({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    // A status region may carry a name (axe: aria-label on a plain div is prohibited); screen readers hear "Loading…".
    <Stack gap="xs" role="status" aria-busy="true" aria-label={t('app.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={44} />
      ))}
    </Stack>
  );
}

export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={t('common.listLoadError')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
      {errorMessage(error, t)}
      <Button variant="white" color="red" size="xs" ml="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

export function ListEmpty({ icon, title, body, action }: { icon: ReactNode; title: string; body: string; action?: ReactNode }) {
  return (
    <Paper withBorder shadow="xs">
      <EmptyState icon={icon} title={title} description={body} action={action} headingLevel={2} />
    </Paper>
  );
}
