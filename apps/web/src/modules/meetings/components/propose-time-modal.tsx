import '../meetings-i18n.ts';
import { useState } from 'react';
import { Button, Modal, NativeSelect, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TMeeting } from '@pavilion/domain/meetings/meetings.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { meetingsApi, meetingsKeys } from '../api/meetings-api.ts';

export const slotLabel = (slot: string) => `${new Date(`${slot.slice(0, 10)}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })} ${slot.slice(11, 16)}`;

/**
 * Proposes a new time for a meeting: the slots free for both people (as the request modal offers them) and, for a
 * physical meeting at a booth, the booth. The other side answers; the meeting keeps its time until they accept.
 */
export function ProposeTimeModal({ eventId, meeting, other, onClose }: { eventId: string; meeting: TMeeting; other: { eventUserId: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const slots = useQuery({ queryKey: meetingsKeys.slots(eventId, other.eventUserId), queryFn: ({ signal }) => meetingsApi.slots(eventId, other.eventUserId, signal), retry: false });
  const free = (slots.data?.slots ?? []).filter((s) => s.free && s.slot !== meeting.slot);
  const atBooth = meeting.mode === 1 && meeting.place === 1;
  const [slot, setSlot] = useState('');
  const [booth, setBooth] = useState(meeting.booth ?? '');
  const chosen = slot || free[0]?.slot || '';
  const send = useMutation({
    mutationFn: () => meetingsApi.propose(eventId, meeting.id, { slot: chosen, booth: atBooth ? booth.trim() || null : null }),
    onSuccess: () => {
      toast(t('meetings.reschedule.sent', { name: other.name }), 'success');
      onClose();
      return qc.invalidateQueries({ queryKey: meetingsKeys.all(eventId) });
    },
    onError: (err) => {
      toast(errorMessage(err, t), 'error');
      return qc.invalidateQueries({ queryKey: meetingsKeys.all(eventId) });
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('meetings.reschedule.title', { name: other.name })} fullScreen={typeof window !== 'undefined' && window.innerWidth < 500}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('meetings.reschedule.current', { when: slotLabel(meeting.slot) })}
        </Text>
        {slots.isPending ? (
          <Skeleton h={120} />
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
              <NativeSelect label={t('meetings.reschedule.slot')} description={t('meetings.request.timeZone', { zone: slots.data.timeZone })} data={free.map((s) => ({ value: s.slot, label: slotLabel(s.slot) }))} value={chosen} onChange={(e) => setSlot(e.currentTarget.value)} />
              {atBooth && <TextInput label={t('meetings.request.booth')} value={booth} onChange={(e) => setBooth(e.currentTarget.value)} maxLength={80} required />}
              <Text size="xs" c="dimmed">
                {t('meetings.reschedule.hint', { name: other.name })}
              </Text>
              <Button type="submit" loading={send.isPending}>
                {t('meetings.reschedule.send')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
