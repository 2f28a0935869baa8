import '../meetings-i18n.ts';
import { NativeSelect, SegmentedControl, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MEETING_MODE_LABELS, MEETING_PLACE_LABELS, MEETING_TYPE_LABELS } from '@pavilion/domain';

/** What a meeting is beside its people and slot (SPEC §3.10 mode, place and type), as the forms hold it. */
export type TMeetingDetails = { mode: '1' | '2'; place: '1' | '2'; type: '1' | '2' | '3'; booth: string; message: string };
export const DEFAULT_MEETING_DETAILS: TMeetingDetails = { mode: '1', place: '2', type: '2', booth: '', message: '' };

/** The request body's part for these details: a booth only for a physical meeting at a booth. */
export function meetingDetailsBody(d: TMeetingDetails) {
  return { place: Number(d.place) as 1 | 2, mode: Number(d.mode) as 1 | 2, type: Number(d.type) as 1 | 2 | 3, booth: d.place === '1' && d.mode === '1' ? d.booth : null, message: d.message };
}

/** Mode, place (for a physical meeting), booth (at a booth), type and message: the participant's request and the organiser's schedule form. */
export function MeetingDetailsFields({ idPrefix, value, onChange, boothError }: { idPrefix: string; value: TMeetingDetails; onChange: (next: TMeetingDetails) => void; boothError?: string }) {
  const { t } = useTranslation();
  const set = (patch: Partial<TMeetingDetails>) => onChange({ ...value, ...patch });
  return (
    <>
      <div>
        <Text size="sm" fw={500} id={`${idPrefix}-mode`}>
          {t('meetings.request.mode')}
        </Text>
        <SegmentedControl fullWidth aria-labelledby={`${idPrefix}-mode`} data={[{ value: '1', label: MEETING_MODE_LABELS[1] }, { value: '2', label: MEETING_MODE_LABELS[2] }]} value={value.mode} onChange={(v) => set({ mode: v as '1' | '2' })} />
      </div>
      {value.mode === '1' && (
        <div>
          <Text size="sm" fw={500} id={`${idPrefix}-place`}>
            {t('meetings.request.place')}
          </Text>
          <SegmentedControl fullWidth aria-labelledby={`${idPrefix}-place`} data={[{ value: '2', label: MEETING_PLACE_LABELS[2] }, { value: '1', label: MEETING_PLACE_LABELS[1] }]} value={value.place} onChange={(v) => set({ place: v as '1' | '2' })} />
        </div>
      )}
      {value.mode === '1' && value.place === '1' && <TextInput label={t('meetings.request.booth')} value={value.booth} onChange={(e) => set({ booth: e.currentTarget.value })} maxLength={80} required error={boothError} />}
      <NativeSelect label={t('meetings.request.type')} data={([1, 2, 3] as const).map((v) => ({ value: String(v), label: MEETING_TYPE_LABELS[v] }))} value={value.type} onChange={(e) => set({ type: e.currentTarget.value as '1' | '2' | '3' })} />
      <Textarea label={t('meetings.request.message')} value={value.message} onChange={(e) => set({ message: e.currentTarget.value })} maxLength={500} autosize minRows={2} />
    </>
  );
}
