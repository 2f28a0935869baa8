import '../meetings-i18n.ts';
import { useState } from 'react';
import { Alert, Button, Modal, NativeSelect, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { slotsOf } from '@pavilion/domain/meetings/meeting-slots';
import type { TMeeting } from '@pavilion/domain/meetings/meetings.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { meetingsKeys, meetingsOrgApi } from '../api/meetings-api.ts';
import { slotLabel } from './propose-time-modal.tsx';

/**
 * The organiser moves a meeting for both sides at once (AP-439): any slot of the meeting hours and, for a physical
 * meeting at a booth, the booth. No answer is needed; both people are told. The server refuses a busy person, table or
 * booth and says which: the refusal stays in the dialog until the choice changes.
 */
export function MoveMeetingModal({ eventId, meeting, onClose }: { eventId: string; meeting: TMeeting; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: meetingsKeys.settings(eventId), queryFn: ({ signal }) => meetingsOrgApi.settings(eventId, signal) });
  const slots = settings.data ? slotsOf(settings.data).filter((s) => s !== meeting.slot) : [];
  const atBooth = meeting.mode === 1 && meeting.place === 1;
  const [slot, setSlot] = useState('');
  const [booth, setBooth] = useState(meeting.booth ?? '');
  const chosen = slot || slots[0] || '';
  const who = `${meeting.requester.name} → ${meeting.invitee.name}`;
  const move = useMutation({
    mutationFn: () => meetingsOrgApi.move(eventId, meeting.id, { slot: chosen, booth: atBooth ? booth.trim() || null : null }),
    onSuccess: () => {
      toast(t('meetings.org.moved', { who, when: slotLabel(chosen) }), 'success');
      onClose();
      return qc.invalidateQueries({ queryKey: meetingsKeys.all(eventId) });
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('meetings.org.moveTitle', { who })}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('meetings.reschedule.current', { when: slotLabel(meeting.slot) })}
        </Text>
        {settings.isPending ? (
          <Skeleton h={120} />
        ) : settings.isError ? (
          <Text c="dimmed">{errorMessage(settings.error, t)}</Text>
        ) : slots.length === 0 ? (
          <Text>{t('meetings.org.noHours')}</Text>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              move.mutate();
            }}
          >
            <Stack gap="sm">
              <NativeSelect
                label={t('meetings.reschedule.slot')}
                description={t('meetings.org.timeZoneNote', { zone: settings.data.timeZone })}
                data={slots.map((s) => ({ value: s, label: slotLabel(s) }))}
                value={chosen}
                onChange={(e) => {
                  move.reset();
                  setSlot(e.currentTarget.value);
                }}
              />
              {atBooth && (
                <TextInput
                  label={t('meetings.request.booth')}
                  value={booth}
                  onChange={(e) => {
                    move.reset();
                    setBooth(e.currentTarget.value);
                  }}
                  maxLength={80}
                  required
                />
              )}
              <Text size="xs" c="dimmed">
                {t('meetings.org.moveHint')}
              </Text>
              {move.isError && (
                <Alert color="red" role="alert">
                  {errorMessage(move.error, t)}
                </Alert>
              )}
              <Button type="submit" loading={move.isPending}>
                {t('meetings.org.moveSubmit')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
