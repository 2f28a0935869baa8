import '../attendance-i18n.ts';
import { Radio, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TRoomCheckinArea } from '@pavilion/domain/programme/programme.schemas';
import { useAccess } from '../../../app/access.ts';
import { programmeKeys, programmeOrgApi } from '../api/programme-api.ts';

/** The room form's choice, as typed: the area picked stays while the organiser flips between the options. */
export type TAreaChoice = { mode: 'none' | 'existing' | 'create'; areaId: string | null };

export const initialAreaChoice = (checkinAreaId: string | null | undefined): TAreaChoice => (checkinAreaId ? { mode: 'existing', areaId: checkinAreaId } : { mode: 'none', areaId: null });

/** What the room form sends: nothing when the link is as it was (so a role without check-in codes can still rename). */
export function areaChoiceBody(choice: TAreaChoice, current: string | null | undefined): TRoomCheckinArea | undefined {
  if (choice.mode === 'create') return { mode: 'create' };
  if (choice.mode === 'existing' && choice.areaId) return choice.areaId === current ? undefined : { mode: 'existing', areaId: choice.areaId };
  if (choice.mode === 'existing') return undefined;
  return current ? { mode: 'none' } : undefined;
}

/**
 * "Check-in area: none / existing / create one for this room" (session attendance): scanning badges at the room's door
 * counts people per session. Linking needs check-in's area view code (AP-261), creating its create code (AP-262).
 */
export function RoomCheckinAreaField({ eventId, value, onChange, error }: { eventId: string; value: TAreaChoice; onChange: (v: TAreaChoice) => void; error?: string }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const canView = can('AP-261');
  const canCreate = can('AP-262');
  const areas = useQuery({ queryKey: programmeKeys.checkinAreas(eventId), queryFn: ({ signal }) => programmeOrgApi.checkinAreas(eventId, signal), enabled: canView && !!eventId, staleTime: 30_000 });
  const options = (areas.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.kind})` }));
  return (
    <Stack gap={6}>
      <Radio.Group label={t('programme.attendance.area.label')} description={t('programme.attendance.area.description')} value={value.mode} onChange={(mode) => onChange({ ...value, mode: mode as TAreaChoice['mode'] })}>
        <Stack gap={6} mt={6}>
          <Radio value="none" label={t('programme.attendance.area.none')} />
          <Radio value="existing" label={t('programme.attendance.area.existing')} disabled={!canView} />
          <Radio value="create" label={t('programme.attendance.area.create')} disabled={!canCreate} />
        </Stack>
      </Radio.Group>
      {value.mode === 'existing' && (
        <Select
          label={t('programme.attendance.area.pick')}
          placeholder={t('programme.attendance.area.pickPlaceholder')}
          data={options}
          value={value.areaId}
          onChange={(areaId) => onChange({ mode: 'existing', areaId })}
          searchable
          nothingFoundMessage={t('programme.attendance.area.noAreas')}
          disabled={areas.isPending}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {value.mode === 'existing' && areas.isSuccess && options.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('programme.attendance.area.noAreas')}
        </Text>
      )}
      {value.mode === 'create' && (
        <Text size="sm" c="dimmed">
          {t('programme.attendance.area.createHint')}
        </Text>
      )}
      {value.mode !== 'existing' && error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
