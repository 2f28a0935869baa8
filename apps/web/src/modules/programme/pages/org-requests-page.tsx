import '../programme-i18n.ts';
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Paper, ScrollArea, SegmentedControl, Stack, Table, Text, TextInput, Textarea, Title, TypographyStylesProvider } from '@mantine/core';
import { IconCheck, IconMessageQuestion, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TOrgSessionRequest, TOrgSessionRequests } from '@pavilion/domain/programme/programme.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { programmeKeys, programmeOrgApi as api } from '../api/programme-api.ts';
import { useProgrammeMutation } from '../api/use-programme.ts';
import { RequestStatusBadge } from '../components/session-requests.tsx';
import { RequestsDownload } from '../components/requests-download.tsx';

type TErrors = Record<string, string>;
type TDecision = { request: TOrgSessionRequest; action: 'approve' | 'disapprove' };

/** Approve (placing a proposal in the programme) or disapprove, with an optional note mailed to the requester. */
function DecisionModal({ eventId, data, decision, onClose }: { eventId: string; data: TOrgSessionRequests; decision: TDecision; onClose: () => void }) {
  const { t } = useTranslation();
  const { request, action } = decision;
  const place = action === 'approve' && request.kind === 'proposal';
  const [note, setNote] = useState('');
  const [start, setStart] = useState(`${data.startDate}T09:00`);
  const [end, setEnd] = useState(`${data.startDate}T10:00`);
  const [roomId, setRoomId] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const r = 'programme.org.requests';
  const save = useFormMutation(
    useProgrammeMutation(eventId, () =>
      action === 'approve' ? api.approveRequest(eventId, request.id, { note, placement: place ? { start, end, roomId: roomId || null } : null }) : api.disapproveRequest(eventId, request.id, { note }),
    ),
    {
      setFieldError: (field, message) => setErrors((p) => ({ ...p, [field.replace(/^placement\./, '')]: message })),
      success: () => t(action === 'approve' ? `${r}.approved` : `${r}.disapproved`, { name: request.requesterName }),
      onSuccess: onClose,
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.submit(undefined);
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      size="lg"
      title={t(action === 'approve' ? `${r}.approveTitle` : `${r}.disapproveTitle`, { title: request.title })}
      onSubmit={submit}
      formError={save.formError}
      isPending={save.isPending}
      submitLabel={t(action === 'approve' ? `${r}.approve` : `${r}.disapprove`)}
      submitColor={action === 'approve' ? undefined : 'red'}
      cancelLabel={t('programme.org.cancel')}
    >
      {action === 'approve' && (
        <Text size="sm" c="dimmed">
          {t(request.kind === 'proposal' ? `${r}.approveProposalHint` : `${r}.approveSpeakHint`, { name: request.requesterName })}
        </Text>
      )}
      {place && (
        <>
          <Group grow align="flex-start">
            <TextInput type="datetime-local" label={t('programme.org.start')} description={data.timeZone} value={start} onChange={(e) => setStart(e.currentTarget.value.slice(0, 16))} error={errors.start} withAsterisk data-autofocus />
            <TextInput type="datetime-local" label={t('programme.org.end')} description={data.timeZone} value={end} onChange={(e) => setEnd(e.currentTarget.value.slice(0, 16))} error={errors.end} withAsterisk />
          </Group>
          <NativeSelect label={t('programme.org.room')} data={[{ value: '', label: t('programme.org.noRoom') }, ...data.rooms.map((x) => ({ value: x.id, label: x.name }))]} value={roomId} onChange={(e) => setRoomId(e.currentTarget.value)} error={errors.roomId} />
        </>
      )}
      <Textarea label={t(`${r}.note`)} description={t(`${r}.noteHint`)} autosize minRows={3} maxLength={2000} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} data-autofocus={!place} />
    </FormModal>
  );
}

function RequestRow({ item, onDecide }: { item: TOrgSessionRequest; onDecide: (d: TDecision) => void }) {
  const { t, i18n } = useTranslation();
  const r = 'programme.org.requests';
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(item.createdAt))}</Table.Td>
      <Table.Td>
        <Text fw={500}>{item.requesterName}</Text>
        <Text size="xs" c="dimmed">
          {item.requesterEmail}
        </Text>
      </Table.Td>
      <Table.Td maw={460}>
        <Text size="xs" c="dimmed">
          {item.kind === 'proposal' ? `${t(`${r}.proposal`)} · ${item.sessionType ? t(`programme.types.${item.sessionType}`) : ''}` : t(`${r}.speakOn`, { title: item.title })}
        </Text>
        {item.kind === 'proposal' && <Text fw={600}>{item.title}</Text>}
        {item.descriptionHtml && (
          // Sanitised on the server when it was sent.
          <TypographyStylesProvider fz="sm">
            <div dangerouslySetInnerHTML={{ __html: item.descriptionHtml }} />
          </TypographyStylesProvider>
        )}
        {item.message && <Text size="sm">{item.message}</Text>}
        {item.note && (
          <Text size="sm" c="dimmed">
            {t(`${r}.noteShown`, { note: item.note })}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ minWidth: 120 }}>
        <RequestStatusBadge status={item.status} />
      </Table.Td>
      <Table.Td>
        {item.status === 'pending' && (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Can rule="AP-348">
              <Button size="xs" leftSection={<IconCheck size={14} aria-hidden />} aria-label={t(`${r}.decideFor`, { action: t(`${r}.approve`), title: item.title })} onClick={() => onDecide({ request: item, action: 'approve' })}>
                {t(`${r}.approve`)}
              </Button>
            </Can>
            <Can rule="AP-349">
              <Button size="xs" variant="default" color="red" leftSection={<IconX size={14} aria-hidden />} aria-label={t(`${r}.decideFor`, { action: t(`${r}.disapprove`), title: item.title })} onClick={() => onDecide({ request: item, action: 'disapprove' })}>
                {t(`${r}.disapprove`)}
              </Button>
            </Can>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** /app/sessions/requests: attendees' and exhibitors' session proposals and asks to speak, to approve or disapprove. */
export function RequestsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const r = 'programme.org.requests';
  usePageTitle(t('programme.org.tabs.requests'));
  const list = useQuery({ queryKey: programmeKeys.orgRequests(eventId), queryFn: ({ signal }) => api.listRequests(eventId, signal), enabled: !!eventId });
  const [filter, setFilter] = useState<'pending' | 'decided' | 'all'>('pending');
  const [deciding, setDeciding] = useState<TDecision | null>(null);
  if (list.isPending) return <ListLoading />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  const data = list.data;
  if (data.items.length === 0) return <ListEmpty icon={<IconMessageQuestion size={32} />} title={t(`${r}.none`)} body={t(`${r}.noneBody`)} />;
  const download = (
    <Can rule="AP-347">
      <RequestsDownload eventId={eventId} />
    </Can>
  );
  const decided = data.items.length - data.pending;
  const shown = data.items.filter((x) => filter === 'all' || (filter === 'pending' ? x.status === 'pending' : x.status !== 'pending'));
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg">
          {t(`${r}.pendingCount`, { count: data.pending })}
        </Title>
        <Group gap="sm">
          <SegmentedControl
            aria-label={t(`${r}.filter`)}
            data={[
              { value: 'pending', label: t(`${r}.pending`, { count: data.pending }) },
              { value: 'decided', label: t(`${r}.decided`, { count: decided }) },
              { value: 'all', label: t(`${r}.all`, { count: data.items.length }) },
            ]}
            value={filter}
            onChange={(v) => setFilter(v as typeof filter)}
          />
          {download}
        </Group>
      </Group>
      {shown.length === 0 ? (
        <ListEmpty icon={<IconMessageQuestion size={32} />} title={t(`${r}.noneHere`)} body={t(`${r}.noneHereBody`)} />
      ) : (
        <Paper withBorder>
          <ScrollArea type="auto">
            <Table striped miw={860} verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${r}.received`)}</Table.Th>
                  <Table.Th>{t(`${r}.requester`)}</Table.Th>
                  <Table.Th>{t(`${r}.request`)}</Table.Th>
                  <Table.Th>{t(`${r}.status`)}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((item) => (
                  <RequestRow key={item.id} item={item} onDecide={setDeciding} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
      {deciding && <DecisionModal eventId={eventId} data={data} decision={deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}
