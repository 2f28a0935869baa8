import '../meetings-i18n.ts';
import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { slotsOf } from '@pavilion/domain/meetings/meeting-slots';
import { applyServerFieldErrors, errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { meetingsKeys, meetingsOrgApi } from '../api/meetings-api.ts';
import { DEFAULT_MEETING_DETAILS, MeetingDetailsFields, meetingDetailsBody } from './meeting-details-fields.tsx';

const slotLabel = (slot: string) => `${new Date(`${slot.slice(0, 10)}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })} ${slot.slice(11, 16)}`;

/** One side of the meeting: the event's participants found by name on the server (50 at most a search). */
function ParticipantPicker({ eventId, label, value, onChange, error, exclude }: { eventId: string; label: string; value: string | null; onChange: (v: string | null) => void; error?: string; exclude: string | null }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const found = useQuery({ queryKey: meetingsKeys.participants(eventId, q), queryFn: ({ signal }) => meetingsOrgApi.participants(eventId, q, signal), placeholderData: (prev) => prev });
  const data = (found.data?.items ?? []).filter((p) => p.eventUserId !== exclude).map((p) => ({ value: p.eventUserId, label: p.name }));
  return (
    <Select
      label={label}
      placeholder={t('meetings.org.pickerPlaceholder')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by the search: show what it found.
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t('meetings.org.pickerSearching') : t('meetings.org.pickerNone')}
      error={error}
      required
    />
  );
}

/** The organiser books a meeting for two participants (AP-438): it starts Approved / Scheduled and both are told. */
export function ScheduleMeetingModal({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: meetingsKeys.settings(eventId), queryFn: ({ signal }) => meetingsOrgApi.settings(eventId, signal) });
  const [requester, setRequester] = useState<string | null>(null);
  const [invitee, setInvitee] = useState<string | null>(null);
  const [slot, setSlot] = useState('');
  const [details, setDetails] = useState(DEFAULT_MEETING_DETAILS);
  const slots = settings.data ? slotsOf(settings.data) : [];
  const chosen = slot || slots[0] || '';
  const save = useMutation({
    mutationFn: () =>
      meetingsOrgApi.schedule(eventId, {
        requesterEventUserId: requester ?? '',
        inviteeEventUserId: invitee ?? '',
        slot: chosen,
        ...meetingDetailsBody(details),
      }),
    onSuccess: () => {
      toast(t('meetings.org.scheduledToast'), 'success');
      onClose();
      return qc.invalidateQueries({ queryKey: meetingsKeys.all(eventId) });
    },
  });
  // A change of people or slot clears the last refusal (it was about the old choice).
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      save.reset();
      set(v);
    };
  // The server's field errors (a participant of another event, a slot outside the hours) under their fields.
  const fields: Record<string, string> = {};
  applyServerFieldErrors(save.error, (field, message) => (fields[field] ??= message), t);
  return (
    <Modal opened onClose={onClose} title={t('meetings.org.schedule')} size="lg">
      {settings.isPending ? (
        <Skeleton h={200} />
      ) : slots.length === 0 ? (
        <Text>{t('meetings.org.noHours')}</Text>
      ) : (
        <form
          aria-label={t('meetings.org.schedule')}
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="sm">
            <ParticipantPicker eventId={eventId} label={t('meetings.org.requester')} value={requester} onChange={changed(setRequester)} error={fields.requesterEventUserId} exclude={invitee} />
            <ParticipantPicker eventId={eventId} label={t('meetings.org.invitee')} value={invitee} onChange={changed(setInvitee)} error={fields.inviteeEventUserId} exclude={requester} />
            <NativeSelect
              label={t('meetings.request.slot')}
              description={t('meetings.org.timeZoneNote', { zone: settings.data?.timeZone ?? '' })}
              data={slots.map((s) => ({ value: s, label: slotLabel(s) }))}
              value={chosen}
              onChange={(e) => changed(setSlot)(e.currentTarget.value)}
              error={fields.slot}
            />
            <MeetingDetailsFields idPrefix="org-mm" value={details} onChange={setDetails} boothError={fields.booth} />
            {save.error && Object.keys(fields).length === 0 && (
              <Text c="red.8" size="sm" role="alert">
                {errorMessage(save.error, t)}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!requester || !invitee}>
                {t('meetings.org.scheduleSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
