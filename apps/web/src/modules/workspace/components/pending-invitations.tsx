import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../../app/confirm-modal.ts';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACCESS_LEVEL_LABELS, type TAccessLevel } from '@pavilion/domain';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { useInvitations, useRevokeInvitation } from '../hooks/use-workspace.ts';

/** Invitations not yet accepted, with their expiry; revoking needs the delete code (AP-38). */
export function PendingInvitations({ canRevoke }: { canRevoke: boolean }) {
  const { t } = useTranslation();
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const items = invitations.data ?? [];
  if (items.length === 0) return null;

  const confirmRevoke = (invId: string, email: string) =>
    openConfirmModal({
      title: t('team.revokeTitle'),
      children: <Text size="sm">{t('team.revokeBody', { email })}</Text>,
      labels: { confirm: t('team.revoke'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(invId, {
          onSuccess: () => toast(t('team.revoked', { email }), 'success'),
          onError: (error) => toast(errorMessage(error, t), 'error'),
        }),
    });

  return (
    <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="pending-invitations">
      <Group gap="xs" mb="sm">
        <IconMailForward size={18} aria-hidden />
        <Title order={2} fz="h5" id="pending-invitations">
          {t('team.pendingTitle', { count: items.length })}
        </Title>
      </Group>
      <Stack gap={0}>
        {items.map((inv) => (
          <Group key={inv.id} justify="space-between" py="xs" wrap="nowrap" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {`${inv.firstName} ${inv.lastName}`.trim()} · {inv.email}
              </Text>
              <Text size="xs" c="dimmed">
                {t('team.expires', { when: formatDateTime(inv.expiresAt) })}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="outline" color="gray.7" radius="sm">
                {ACCESS_LEVEL_LABELS[inv.accessLevel as TAccessLevel] ?? '—'}
              </Badge>
              {canRevoke && (
                <Button size="xs" variant="subtle" color="red" c="red.9" onClick={() => confirmRevoke(inv.id, inv.email)} aria-label={t('team.revokeFor', { email: inv.email })}>
                  {t('team.revoke')}
                </Button>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
