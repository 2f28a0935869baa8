import '../meetings-i18n.ts';
import { useState } from 'react';
import { Button, Modal, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { meetingsApi, meetingsKeys } from '../api/meetings-api.ts';
import { DEFAULT_MEETING_DETAILS, MeetingDetailsFields, meetingDetailsBody } from './meeting-details-fields.tsx';

const label = (slot: string) => `${new Date(`${slot.slice(0, 10)}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })} ${slot.slice(11, 16)}`;

/** Asks `other` for a meeting in one of the slots free for both (SPEC §3.10 place, mode and type). */
export function RequestMeetingModal({ eventId, other, onClose }: { eventId: string; other: { eventUserId: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const slots = useQuery({ queryKey: meetingsKeys.slots(eventId, other.eventUserId), queryFn: ({ signal }) => meetingsApi.slots(eventId, other.eventUserId, signal), retry: false });
  const free = (slots.data?.slots ?? []).filter((s) => s.free);
  const [slot, setSlot] = useState('');
  const [details, setDetails] = useState(DEFAULT_MEETING_DETAILS);
  const chosen = slot || free[0]?.slot || '';
  const send = useMutation({
    mutationFn: () =>
      meetingsApi.request(eventId, { inviteeEventUserId: other.eventUserId, slot: chosen, ...meetingDetailsBody(details) }),
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
            <MeetingDetailsFields idPrefix="mm" value={details} onChange={setDetails} />
            <Button type="submit" loading={send.isPending}>
              {t('meetings.request.send')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
