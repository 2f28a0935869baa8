import '../meetings-i18n.ts';
import { useState } from 'react';
import { Button, Modal, NativeSelect, SegmentedControl, Skeleton, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEETING_MODE_LABELS, MEETING_PLACE_LABELS, MEETING_TYPE_LABELS } from '@pavilion/domain';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { meetingsApi, meetingsKeys } from '../api/meetings-api.ts';

const label = (slot: string) => `${new Date(`${slot.slice(0, 10)}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })} ${slot.slice(11, 16)}`;

/** Asks `other` for a meeting in one of the slots free for both (SPEC §3.10 place, mode and type). */
export function RequestMeetingModal({ eventId, other, onClose }: { eventId: string; other: { eventUserId: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const slots = useQuery({ queryKey: meetingsKeys.slots(eventId, other.eventUserId), queryFn: ({ signal }) => meetingsApi.slots(eventId, other.eventUserId, signal), retry: false });
  const free = (slots.data?.slots ?? []).filter((s) => s.free);
  const [slot, setSlot] = useState('');
  const [place, setPlace] = useState<'1' | '2'>('2');
  const [mode, setMode] = useState<'1' | '2'>('1');
  const [type, setType] = useState<'1' | '2' | '3'>('2');
  const [booth, setBooth] = useState('');
  const [message, setMessage] = useState('');
  const chosen = slot || free[0]?.slot || '';
  const send = useMutation({
    mutationFn: () =>
      meetingsApi.request(eventId, { inviteeEventUserId: other.eventUserId, slot: chosen, place: Number(place) as 1 | 2, mode: Number(mode) as 1 | 2, type: Number(type) as 1 | 2 | 3, booth: place === '1' && mode === '1' ? booth : null, message }),
    onSuccess: () => {
      toast(t('meetings.request.sent', { name: other.name }), 'success');
      onClose();
      return qc.invalidateQueries({ queryKey: meetingsKeys.all(eventId) });
    },
    onError: (err) => {
      toast(errorMessage(err, t), 'error');
      return qc.invalidateQueries({ queryKey: meetingsKeys.slots(eventId, other.eventUserId) });
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('meetings.request.title', { name: other.name })} fullScreen={typeof window !== 'undefined' && window.innerWidth < 500}>
      {slots.isPending ? (
        <Skeleton h={160} />
      ) : slots.isError ? (
        <Text c="dimmed">{errorMessage(slots.error, t) || t('meetings.request.noSlots')}</Text>
      ) : free.length === 0 ? (
        <Text>{t('meetings.request.noFreeSlots')}</Text>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate();
          }}
        >
          <Stack gap="sm">
            <NativeSelect label={t('meetings.request.slot')} description={t('meetings.request.timeZone', { zone: slots.data.timeZone })} data={free.map((s) => ({ value: s.slot, label: label(s.slot) }))} value={chosen} onChange={(e) => setSlot(e.currentTarget.value)} />
            <div>
              <Text size="sm" fw={500} id="mm-mode">
                {t('meetings.request.mode')}
              </Text>
              <SegmentedControl fullWidth aria-labelledby="mm-mode" data={[{ value: '1', label: MEETING_MODE_LABELS[1] }, { value: '2', label: MEETING_MODE_LABELS[2] }]} value={mode} onChange={(v) => setMode(v as '1' | '2')} />
            </div>
            {mode === '1' && (
              <div>
                <Text size="sm" fw={500} id="mm-place">
                  {t('meetings.request.place')}
                </Text>
                <SegmentedControl fullWidth aria-labelledby="mm-place" data={[{ value: '2', label: MEETING_PLACE_LABELS[2] }, { value: '1', label: MEETING_PLACE_LABELS[1] }]} value={place} onChange={(v) => setPlace(v as '1' | '2')} />
              </div>
            )}
            {mode === '1' && place === '1' && <TextInput label={t('meetings.request.booth')} value={booth} onChange={(e) => setBooth(e.currentTarget.value)} maxLength={80} required />}
            <NativeSelect label={t('meetings.request.type')} data={([1, 2, 3] as const).map((v) => ({ value: String(v), label: MEETING_TYPE_LABELS[v] }))} value={type} onChange={(e) => setType(e.currentTarget.value as '1' | '2' | '3')} />
            <Textarea label={t('meetings.request.message')} value={message} onChange={(e) => setMessage(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
            <Button type="submit" loading={send.isPending}>
              {t('meetings.request.send')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
