import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TProgramme, TSession } from '@pavilion/domain/programme/programme.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { programmeOrgApi as api } from '../api/programme-api.ts';
import { useProgrammeMutation } from '../api/use-programme.ts';
import { clockOf, dayLabel } from '../lib/programme-format.ts';

/**
 * Sessions deleted in the organiser's draft (issue 16): attendees keep seeing them until the publish, so the organiser
 * sees them too, marked "Deleted at next publish", with their undo (the delete code, AP-303). An undo the server
 * refuses (the slot taken meanwhile, its room deleted, or the deletion already published) says why in a toast.
 */
export function useRestoreSession(eventId: string) {
  const { t } = useTranslation();
  const m = useProgrammeMutation(eventId, (id: string) => api.restoreSession(eventId, id));
  return {
    restore: (id: string) =>
      m.mutate(id, {
        onSuccess: () => toast(t('programme.org.draft.restored'), 'success'),
        onError: (err) => toast(errorMessage(err, t), 'error'),
      }),
    pendingId: m.isPending ? m.variables : undefined,
  };
}

export function DeletedSessionBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="red.9" bg="white">
      {t('programme.org.draft.sessionDeleted')}
    </Badge>
  );
}

export function UndoSessionDelete({ session, onUndo, isPending, compact }: { session: Pick<TSession, 'id' | 'title'>; onUndo: (id: string) => void; isPending?: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Can rule="AP-303">
      <Button
        size={compact ? 'compact-xs' : 'xs'}
        variant="default"
        leftSection={<IconArrowBackUp size={14} aria-hidden />}
        aria-label={t('programme.org.draft.undoFor', { name: session.title })}
        loading={isPending}
        onClick={(e) => {
          e.stopPropagation();
          onUndo(session.id);
        }}
      >
        {compact ? t('programme.org.draft.undoShort') : t('programme.org.draft.undo')}
      </Button>
    </Can>
  );
}

/** The Sessions tab's list of draft deletions (nothing when there are none). */
export function DeletedSessions({ p, eventId }: { p: TProgramme; eventId: string }) {
  const { t } = useTranslation();
  const { restore, pendingId } = useRestoreSession(eventId);
  const deleted = p.deletedSessions ?? [];
  if (deleted.length === 0) return null;
  const rooms = new Map(p.rooms.map((r) => [r.id, r.name]));
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('programme.org.draft.sessionDeleted')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('programme.org.draft.deletedInDraft')}
      </Text>
      <Paper withBorder>
        <Table aria-label={t('programme.org.draft.sessionDeleted')}>
          <Table.Tbody>
            {deleted.map((s) => (
              <Table.Tr key={s.id} data-session={s.title} data-draft-state="deleted">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {dayLabel(s.start.slice(0, 10))} · {clockOf(s.start)}–{clockOf(s.end)}
                </Table.Td>
                <Table.Td>
                  <Text fw={500} td="line-through">
                    {s.title}
                  </Text>
                </Table.Td>
                <Table.Td>{s.roomId ? rooms.get(s.roomId) : ''}</Table.Td>
                <Table.Td>
                  <DeletedSessionBadge />
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <UndoSessionDelete session={s} onUndo={restore} isPending={pendingId === s.id} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
