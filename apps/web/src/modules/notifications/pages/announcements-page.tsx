import '../notifications-i18n.ts';
import { useState } from 'react';
import { Button, Group, MultiSelect, Paper, Radio, SegmentedControl, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend, IconSpeakerphone } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAnnouncementAudience, TAnnouncementAudienceOptions, TBodyFormat } from '@pavilion/domain/notifications/notifications.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { applyServerFieldErrors, errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { ListPager } from '../../../ui/pager.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { announcementsApi, notificationsKeys } from '../api/notifications-api.ts';

type TKind = TAnnouncementAudience['kind'];
type TValues = { title: string; body: string; format: TBodyFormat; kind: TKind; ticketIds: string[]; sessionId: string | null };
const INITIAL: TValues = { title: '', body: '', format: 'text', kind: 'everyone', ticketIds: [], sessionId: null };
/** The server's field names for the audience, as this form names them. */
const FIELD: Record<string, keyof TValues> = { 'audience.ticketIds': 'ticketIds', 'audience.sessionId': 'sessionId', 'audience.kind': 'kind' };

function audienceOf(v: TValues): TAnnouncementAudience {
  if (v.kind === 'ticketTypes') return { kind: 'ticketTypes', ticketIds: v.ticketIds };
  if (v.kind === 'session') return { kind: 'session', sessionId: v.sessionId ?? '' };
  return { kind: 'everyone' };
}

function ComposeForm({ eventId, options }: { eventId: string; options: TAnnouncementAudienceOptions }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<TValues>({
    initialValues: INITIAL,
    validate: {
      title: (v) => (v.trim() ? null : t('validation.required')),
      body: (v) => (v.trim() ? null : t('validation.required')),
      ticketIds: (v, all) => (all.kind === 'ticketTypes' && v.length === 0 ? t('validation.required') : null),
      sessionId: (v, all) => (all.kind === 'session' && !v ? t('validation.required') : null),
    },
  });
  const send = useMutation({
    mutationFn: (v: TValues) => announcementsApi.send(eventId, { title: v.title, body: v.body, format: v.format, audience: audienceOf(v) }),
    onSuccess: (a) => {
      toast(t('notifications.org.sent', { count: a.recipients }), 'success');
      form.reset();
      setAlert(null);
      return qc.invalidateQueries({ queryKey: notificationsKeys.all(eventId) });
    },
    onError: (err) => {
      if (!applyServerFieldErrors(err, (field, message) => form.setFieldError(FIELD[field] ?? field, message), t)) setAlert(errorMessage(err, t));
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="announce-compose">
      <form onSubmit={form.onSubmit((v) => send.mutate(v))} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h3" id="announce-compose">
            {t('notifications.org.compose')}
          </Title>
          <FormAlert message={alert} />
          <TextInput label={t('notifications.org.titleLabel')} required maxLength={200} {...form.getInputProps('title')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="announce-format">
              {t('notifications.org.format')}
            </Text>
            <SegmentedControl
              aria-labelledby="announce-format"
              data={[
                { value: 'text', label: t('notifications.org.formatText') },
                { value: 'html', label: t('notifications.org.formatHtml') },
              ]}
              {...form.getInputProps('format')}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          <Textarea
            label={t('notifications.org.bodyLabel')}
            required
            autosize
            minRows={4}
            maxRows={12}
            description={form.values.format === 'html' ? t('notifications.org.htmlHint') : undefined}
            {...form.getInputProps('body')}
          />
          <Radio.Group label={t('notifications.org.audience')} description={t('notifications.org.audienceHint')} {...form.getInputProps('kind')}>
            <Stack gap="xs" mt={6}>
              <Radio value="everyone" label={t('notifications.org.everyone', { count: options.everyone })} />
              <Radio value="ticketTypes" label={t('notifications.org.ticketTypes')} disabled={options.tickets.length === 0} />
              <Radio value="session" label={t('notifications.org.session')} disabled={options.sessions.length === 0} />
            </Stack>
          </Radio.Group>
          {options.tickets.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('notifications.org.noTickets')}
            </Text>
          )}
          {options.sessions.length === 0 && (
            <Text size="xs" c="dimmed">
              {t('notifications.org.noSessions')}
            </Text>
          )}
          {form.values.kind === 'ticketTypes' && (
            <MultiSelect label={t('notifications.org.chooseTickets')} required data={options.tickets.map((x) => ({ value: x.id, label: x.name }))} searchable {...form.getInputProps('ticketIds')} />
          )}
          {form.values.kind === 'session' && (
            <Select label={t('notifications.org.chooseSession')} required data={options.sessions.map((s) => ({ value: s.id, label: `${s.title} · ${new Date(s.startsAt).toLocaleString()}` }))} searchable {...form.getInputProps('sessionId')} />
          )}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending}>
              {t('notifications.org.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Compose({ eventId }: { eventId: string }) {
  const options = useQuery({ queryKey: notificationsKeys.audience(eventId), queryFn: ({ signal }) => announcementsApi.audience(eventId, signal) });
  if (options.isPending) return <ListLoading rows={3} />;
  if (options.isError || !options.data) return <ListError error={options.error} onRetry={() => void options.refetch()} />;
  return <ComposeForm eventId={eventId} options={options.data} />;
}

function History({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: notificationsKeys.announcements(eventId, page), queryFn: ({ signal }) => announcementsApi.list(eventId, page, signal) });
  return (
    <Stack gap="sm" component="section" aria-labelledby="announce-history">
      <Title order={2} fz="h3" id="announce-history">
        {t('notifications.org.history')}
      </Title>
      {list.isPending && <ListLoading />}
      {list.isError && <ListError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.items.length === 0 && <ListEmpty icon={<IconSpeakerphone size={28} aria-hidden />} title={t('notifications.org.empty')} body={t('notifications.org.emptyBody')} />}
      {list.data && list.data.items.length > 0 && (
        <>
          <DataTable
            minWidth={640}
            data-testid="announcements-table"
            columns={[t('notifications.org.colTitle'), t('notifications.org.colAudience'), t('notifications.org.colRecipients'), t('notifications.org.colRead'), t('notifications.org.colSent')]}
          >
            {list.data.items.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {a.title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2} style={{ maxWidth: 360 }}>
                    {a.format === 'html' ? a.body.replace(/<[^>]*>/g, ' ') : a.body}
                  </Text>
                </Table.Td>
                <Table.Td>{a.audienceLabel}</Table.Td>
                <Table.Td>{a.recipients}</Table.Td>
                <Table.Td>{t('notifications.org.readOf', { read: a.read, total: a.recipients })}</Table.Td>
                <Table.Td>
                  <Text size="sm">{new Date(a.sentAt).toLocaleString()}</Text>
                  {a.sentBy && (
                    <Text size="xs" c="dimmed">
                      {t('notifications.org.by', { name: a.sentBy })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <ListPager data={list.data} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

/** The organiser's Announcements page (dashboard, under the event): compose and send (AP-355), the sent list (AP-350). */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.org.title'));
  const eventId = useSectionEventId();
  if (!eventId) return <Text>{t('notifications.org.noEvent')}</Text>;
  return (
    <>
      <PageHeader title={t('notifications.org.title')} description={t('notifications.org.subtitle')} />
      <Stack gap="lg">
        <Can rule="AP-355">
          <Compose eventId={eventId} />
        </Can>
        <Can rule="AP-350">
          <History eventId={eventId} />
        </Can>
      </Stack>
    </>
  );
}
