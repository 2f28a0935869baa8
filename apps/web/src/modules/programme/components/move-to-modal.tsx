import { useState, type FormEvent } from 'react';
import { NativeSelect, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSession } from '@pavilion/domain/programme/programme.schemas';
import { FormModal } from '../../../ui/form-modal.tsx';
import { durationMinutes, minuteOfDay, movedTimes } from '../lib/grid-move.ts';
import { clockOf, dayLabel } from '../lib/programme-format.ts';

/** Where the "Move to…" form sends a session: a day, a room column (null: no room) and a start minute of that day. */
export type TMoveTarget = { day: string; roomId: string | null; startMinute: number };

const roomValue = (roomId: string | null) => roomId ?? '';

/**
 * The Day grid's keyboard and pointer-free way to move a session (issue 16): pick the day, the room and the start
 * time; the session keeps its length. `onMove` saves it and answers the server's refusal (a room or speaker clash
 * naming the other session) as text, which stays in the form so another slot can be picked.
 */
export function MoveToModal({
  session,
  days,
  rooms,
  onMove,
  onClose,
}: {
  session: TSession;
  days: readonly string[];
  rooms: readonly { id: string | null; name: string }[];
  onMove: (target: TMoveTarget) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState(session.start.slice(0, 10));
  const [roomId, setRoomId] = useState(roomValue(session.roomId));
  const [time, setTime] = useState(clockOf(session.start));
  const [timeError, setTimeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const valid = /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
  const ends = valid ? movedTimes(session, day, minuteOfDay(`0000-00-00T${time}`)).end : null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!valid) {
      setTimeError(t('programme.org.moveToBadTime'));
      return;
    }
    setTimeError(undefined);
    setPending(true);
    const refusal = await onMove({ day, roomId: roomId === '' ? null : roomId, startMinute: minuteOfDay(`0000-00-00T${time}`) });
    setPending(false);
    if (refusal) setFormError(refusal);
    else onClose();
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('programme.org.moveToTitle', { title: session.title })}
      onSubmit={(e) => void submit(e)}
      formError={formError}
      isPending={isPending}
      submitLabel={t('programme.org.moveToSubmit')}
      cancelLabel={t('programme.org.cancel')}
    >
      <NativeSelect label={t('programme.org.moveToDay')} data={days.map((d) => ({ value: d, label: dayLabel(d) }))} value={day} onChange={(e) => setDay(e.currentTarget.value)} data-autofocus />
      <NativeSelect label={t('programme.org.moveToRoom')} data={rooms.map((r) => ({ value: roomValue(r.id), label: r.name }))} value={roomId} onChange={(e) => setRoomId(e.currentTarget.value)} />
      <TextInput type="time" step={900} label={t('programme.org.moveToStart')} value={time} onChange={(e) => setTime(e.currentTarget.value.slice(0, 5))} error={timeError} withAsterisk />
      {ends && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('programme.org.moveToKeeps', { end: ends.slice(0, 10) === day ? clockOf(ends) : `${dayLabel(ends.slice(0, 10))} ${clockOf(ends)}`, minutes: durationMinutes(session.start, session.end) })}
        </Text>
      )}
    </FormModal>
  );
}
