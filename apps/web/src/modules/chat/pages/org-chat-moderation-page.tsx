import '../chat-i18n.ts';
import { useState } from 'react';
import { Badge, Button, Group, Menu, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconMessageReport } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TChatModerateUser, TChatReport, TChatRestriction } from '@pavilion/domain/chat/chat.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListError, ListLoading } from '../../../ui/list-states.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { chatKeys, chatModerationApi } from '../api/chat-api.ts';

type Status = 'open' | 'resolved' | 'all';
const time = (iso: string) => new Date(iso).toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function RestrictionBadge({ r }: { r: TChatRestriction | null }) {
  const { t } = useTranslation();
  if (!r) return null;
  return (
    <Badge color={r.kind === 'removed' ? 'red.9' : 'gray.8'} variant="filled" data-testid="moderation-state">
      {r.kind === 'removed' ? t('chat.moderation.removed') : r.until ? t('chat.moderation.mutedUntil', { time: time(r.until) }) : t('chat.moderation.muted')}
    </Badge>
  );
}

function ReportCard({ eventId, report }: { eventId: string; report: TChatReport }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const done = () => {
    toast(t('chat.moderation.done'), 'success');
    return qc.invalidateQueries({ queryKey: ['chat-moderation', eventId] });
  };
  const onError = (err: unknown) => toast(errorMessage(err, t), 'error');
  const moderate = useMutation({ mutationFn: (body: TChatModerateUser) => chatModerationApi.moderateUser(eventId, report.reported.eventUserId, body), onSuccess: done, onError });
  const remove = useMutation({ mutationFn: (messageId: string) => chatModerationApi.deleteMessage(eventId, messageId), onSuccess: done, onError });
  const status = useMutation({ mutationFn: (s: 'open' | 'resolved') => chatModerationApi.updateReport(eventId, report.id, s), onSuccess: done, onError });
  const [isConfirming, setConfirming] = useState(false);
  const r = report.reported.restriction;
  const isBusy = moderate.isPending || remove.isPending || status.isPending;
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="moderation-report" aria-label={t('chat.moderation.actionsFor', { name: report.reported.name })}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={700}>{report.reported.name}</Text>
            <Badge variant="outline" color="gray.8">
              {t(`chat.reasons.${report.reason}`)}
            </Badge>
            <RestrictionBadge r={r} />
            {report.status === 'resolved' && <Badge color="green.9">{t('chat.moderation.resolved')}</Badge>}
          </Group>
          <Text size="xs" c="dimmed">
            {time(report.createdAt)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('chat.moderation.reportedBy', { name: report.reporter.name })}
        </Text>
        {report.note && <Text size="sm">{t('chat.moderation.note', { note: report.note })}</Text>}
        {report.message ? (
          <Paper bg="gray.0" p="xs" radius="sm">
            <Text size="xs" c="dimmed">
              {t('chat.moderation.message')} · {time(report.message.createdAt)}
            </Text>
            {report.message.isDeleted ? (
              <Text size="sm" fs="italic" c="dimmed">
                {t('chat.moderation.deleted')}
              </Text>
            ) : (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {report.message.content}
              </Text>
            )}
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            {t('chat.moderation.noMessage')}
          </Text>
        )}
        <Can rule="AP-436">
          <Group gap="xs" wrap="wrap">
            {report.message && !report.message.isDeleted && !isConfirming && (
              <Button size="xs" color="red.9" variant="outline" disabled={isBusy} onClick={() => setConfirming(true)}>
                {t('chat.moderation.deleteMessage')}
              </Button>
            )}
            {report.message && !report.message.isDeleted && isConfirming && (
              <Group gap="xs" role="group" aria-label={t('chat.moderation.deleteConfirm')}>
                <Text size="xs">{t('chat.moderation.deleteConfirm')}</Text>
                <Button size="xs" color="red.9" loading={remove.isPending} onClick={() => remove.mutate(report.message!.id)}>
                  {t('chat.moderation.deleteForEveryone')}
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setConfirming(false)}>
                  {t('chat.moderation.cancel')}
                </Button>
              </Group>
            )}
            {r?.kind === 'muted' ? (
              <Button size="xs" variant="default" disabled={isBusy} onClick={() => moderate.mutate({ action: 'unmute' })}>
                {t('chat.moderation.unmute')}
              </Button>
            ) : (
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <Button size="xs" variant="default" disabled={isBusy || r?.kind === 'removed'} rightSection={<IconChevronDown size={14} aria-hidden />}>
                    {t('chat.moderation.mute')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => moderate.mutate({ action: 'mute', minutes: 60 })}>{t('chat.moderation.mute1h')}</Menu.Item>
                  <Menu.Item onClick={() => moderate.mutate({ action: 'mute', minutes: 60 * 24 })}>{t('chat.moderation.mute24h')}</Menu.Item>
                  <Menu.Item onClick={() => moderate.mutate({ action: 'mute', minutes: null })}>{t('chat.moderation.muteForever')}</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
            {r?.kind === 'removed' ? (
              <Button size="xs" variant="default" disabled={isBusy} onClick={() => moderate.mutate({ action: 'restore' })}>
                {t('chat.moderation.restore')}
              </Button>
            ) : (
              <Button size="xs" variant="default" color="red.9" disabled={isBusy} onClick={() => moderate.mutate({ action: 'remove' })}>
                {t('chat.moderation.remove')}
              </Button>
            )}
            <Button size="xs" variant="subtle" disabled={isBusy} onClick={() => status.mutate(report.status === 'open' ? 'resolved' : 'open')}>
              {report.status === 'open' ? t('chat.moderation.resolve') : t('chat.moderation.reopen')}
            </Button>
          </Group>
        </Can>
      </Stack>
    </Paper>
  );
}

/**
 * `/app/chat-moderation`: the event's chat reports (Group Chats: View, AP-434) and the moderator's actions (Group
 * Chats: Moderate, AP-436): delete a message for everyone, mute for a while or until unmuted, remove from chat.
 */
export function OrgChatModerationPage() {
  const { t } = useTranslation();
  usePageTitle(t('chat.moderation.title'));
  const eventId = useSectionEventId();
  const [status, setStatus] = useState<Status>('open');
  const reports = useQuery({ queryKey: chatKeys.reports(eventId ?? '', status), queryFn: ({ signal }) => chatModerationApi.reports(eventId!, status, signal), enabled: !!eventId, refetchInterval: 30_000 });
  if (!eventId) return <Text>{t('chat.moderation.noEvent')}</Text>;
  return (
    <>
      <PageHeader title={t('chat.moderation.title')} description={t('chat.moderation.subtitle')} />
      <Stack gap="md">
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as Status)}
          data={(['open', 'resolved', 'all'] as const).map((s) => ({ value: s, label: t(`chat.moderation.${s}`) }))}
          style={{ alignSelf: 'flex-start' }}
          aria-label={t('chat.moderation.title')}
        />
        {reports.isPending ? (
          <ListLoading rows={3} />
        ) : reports.isError ? (
          <ListError error={reports.error} onRetry={() => void reports.refetch()} />
        ) : reports.data.length === 0 ? (
          <EmptyState icon={<IconMessageReport size={32} />} title={t('chat.moderation.empty')} description={t('chat.moderation.emptyBody')} />
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {reports.data.map((r) => (
              <ReportCard key={r.id} eventId={eventId} report={r} />
            ))}
          </Stack>
        )}
      </Stack>
    </>
  );
}
