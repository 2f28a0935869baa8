import '../programme-i18n.ts';
import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, NativeSelect, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SESSION_TYPES, type TSchedule, type TSessionRequest, type TSessionRequestInput, type TSessionRequestStatus, type TSessionType } from '@pavilion/domain/programme/programme.schemas';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { programmeApi, programmeKeys } from '../api/programme-api.ts';
import { dayLabel } from '../lib/programme-format.ts';

/** SPEC §4 status colours: amber for pending, blue for approved, red for rejected (dark shades: readable text). */
export const REQUEST_STATUS_COLOUR: Record<TSessionRequestStatus, string> = { pending: '#b45309', approved: 'blue.9', disapproved: 'red.9' };

export function RequestStatusBadge({ status }: { status: TSessionRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={REQUEST_STATUS_COLOUR[status]} style={{ flexShrink: 0, overflow: 'visible' }}>
      {t(`programme.requestStatus.${status}`)}
    </Badge>
  );
}

type TErrors = Record<string, string>;

function RequestModal({ eventId, schedule, onClose }: { eventId: string; schedule: TSchedule; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [kind, setKind] = useState<'proposal' | 'speak'>('proposal');
  const [v, setV] = useState({ title: '', descriptionHtml: '', sessionType: 'talk' as TSessionType, trackId: '', sessionId: '', message: '' });
  const [errors, setErrors] = useState<TErrors>({});
  const save = useFormMutation(
    useMutation({
      mutationFn: (body: TSessionRequestInput) => programmeApi.requestSession(eventId, body),
      onSuccess: () => qc.invalidateQueries({ queryKey: programmeKeys.myRequests(eventId) }),
    }),
    { setFieldError: (field, message) => setErrors((p) => ({ ...p, [field]: message })), success: () => t('programme.attendee.requests.sent'), onSuccess: onClose },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    if (kind === 'proposal') save.submit({ kind, title: v.title, descriptionHtml: v.descriptionHtml, sessionType: v.sessionType, trackId: v.trackId || null });
    else save.submit({ kind, sessionId: v.sessionId, message: v.message });
  };
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) => setV({ ...v, [k]: e.currentTarget.value });
  const r = 'programme.attendee.requests';
  return (
    <FormModal opened onClose={onClose} title={t(`${r}.formTitle`)} onSubmit={submit} formError={save.formError} isPending={save.isPending} submitLabel={t(`${r}.send`)} cancelLabel={t(`${r}.cancel`)}>
      <SegmentedControl
        fullWidth
        aria-label={t(`${r}.kind`)}
        data={[
          { value: 'proposal', label: t(`${r}.proposal`) },
          { value: 'speak', label: t(`${r}.speak`) },
        ]}
        value={kind}
        onChange={(x) => setKind(x as 'proposal' | 'speak')}
      />
      {kind === 'proposal' ? (
        <>
          <TextInput label={t(`${r}.title`)} withAsterisk maxLength={160} value={v.title} onChange={set('title')} error={errors.title} data-autofocus />
          <Group grow align="flex-start">
            <NativeSelect label={t(`${r}.type`)} data={SESSION_TYPES.filter((x) => x !== 'break').map((x) => ({ value: x, label: t(`programme.types.${x}`) }))} value={v.sessionType} onChange={set('sessionType')} error={errors.sessionType} />
            {schedule.tracks.length > 0 && (
              <NativeSelect label={t(`${r}.track`)} data={[{ value: '', label: t(`${r}.noTrack`) }, ...schedule.tracks.map((x) => ({ value: x.id, label: x.name }))]} value={v.trackId} onChange={set('trackId')} error={errors.trackId} />
            )}
          </Group>
          <Textarea label={t(`${r}.description`)} description={t(`${r}.descriptionHint`)} autosize minRows={4} maxRows={10} maxLength={20000} value={v.descriptionHtml} onChange={set('descriptionHtml')} error={errors.descriptionHtml} />
        </>
      ) : (
        <>
          <NativeSelect
            label={t(`${r}.session`)}
            withAsterisk
            data={[{ value: '', label: t(`${r}.chooseSession`) }, ...schedule.sessions.filter((s) => s.sessionType !== 'break').map((s) => ({ value: s.id, label: `${dayLabel(s.start.slice(0, 10))} ${s.start.slice(11)} · ${s.title}` }))]}
            value={v.sessionId}
            onChange={set('sessionId')}
            error={errors.sessionId}
          />
          <Textarea label={t(`${r}.message`)} autosize minRows={3} maxLength={2000} value={v.message} onChange={set('message')} error={errors.message} />
        </>
      )}
    </FormModal>
  );
}

function RequestItem({ item }: { item: TSessionRequest }) {
  const { t, i18n } = useTranslation();
  const r = 'programme.attendee.requests';
  const titleId = `request-${item.id}`;
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder p="sm" radius="md">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} id={titleId}>
            {item.kind === 'speak' ? t(`${r}.speakOn`, { title: item.title }) : item.title}
          </Text>
          <RequestStatusBadge status={item.status} />
        </Group>
        <Text size="xs" c="dimmed">
          {t(`${r}.sentOn`, { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(item.createdAt)) })}
        </Text>
        {item.note && <Text size="sm">{t(`${r}.note`, { note: item.note })}</Text>}
      </Stack>
    </Paper>
  );
}

/** My schedule's session requests: propose a session or ask to speak, and the participant's requests with their status. */
export function MySessionRequests({ eventId, schedule }: { eventId: string; schedule: TSchedule }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mine = useQuery({ queryKey: programmeKeys.myRequests(eventId), queryFn: ({ signal }) => programmeApi.myRequests(eventId, signal) });
  const r = 'programme.attendee.requests';
  return (
    <Stack gap="xs" component="section" aria-labelledby="my-session-requests">
      <Title order={3} fz="md" id="my-session-requests" mt="md">
        {t(`${r}.heading`)}
      </Title>
      <Text size="sm" c="dimmed">
        {t(`${r}.intro`)}
      </Text>
      <Button variant="light" leftSection={<IconMessagePlus size={16} aria-hidden />} onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        {t(`${r}.new`)}
      </Button>
      {mine.isPending ? (
        <Skeleton h={60} />
      ) : mine.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {t(`${r}.loadError`)}
        </Text>
      ) : mine.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`${r}.none`)}
        </Text>
      ) : (
        mine.data.items.map((item) => <RequestItem key={item.id} item={item} />)
      )}
      {open && <RequestModal eventId={eventId} schedule={schedule} onClose={() => setOpen(false)} />}
    </Stack>
  );
}
