import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TMailStatus } from '@pavilion/domain';

const COLOURS: Record<TMailStatus, string> = { queued: 'yellow', stored: 'blue', sent: 'green', failed: 'red' };

export function MailStatusBadge({ status }: { status: TMailStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOURS[status]} styles={{ label: { color: `var(--mantine-color-${COLOURS[status]}-9)` } }}>
      {t(`mailOutbox.statuses.${status}`)}
    </Badge>
  );
}
