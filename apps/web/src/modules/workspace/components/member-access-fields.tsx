import { MultiSelect, Radio, Select, Stack, Group, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ACCESS_LEVEL_LABELS, AccessLevel, type TItemAccess } from '@pavilion/domain';
import { useAccess } from '../../../app/access.ts';
import { useEventOptions } from '../../events/index.ts';
import { useRegions, useRoles } from '../hooks/use-workspace.ts';

export type TAccessValues = {
  accessLevel: string;
  roleId: string | null;
  regionId: string | null;
  eventIds: string[];
};

export const emptyAccessValues = (): TAccessValues => ({ accessLevel: String(AccessLevel.UserAccess), roleId: null, regionId: null, eventIds: [] });

export function toItemAccess(eventIds: string[]): TItemAccess {
  return eventIds.map((itemId) => ({ itemType: 'event' as const, itemId }));
}

/** Access level, role, region and "only these events": shared by the invite modal and the member drawer. */
export function MemberAccessFields<T extends TAccessValues>({ form }: { form: UseFormReturnType<T> }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const roles = useRoles(can('AP-41'));
  const canRegions = can('AP-804');
  const regions = useRegions(canRegions);
  const events = useEventOptions();
  const f = form as unknown as UseFormReturnType<TAccessValues>;
  const isUserAccess = f.values.accessLevel === String(AccessLevel.UserAccess);

  return (
    <Stack gap="md">
      <Radio.Group label={t('team.accessLevel')} withAsterisk {...f.getInputProps('accessLevel')}>
        <Group gap="xl" mt={6}>
          {[AccessLevel.AdminAccess, AccessLevel.UserAccess].map((level) => (
            <Radio key={level} value={String(level)} label={ACCESS_LEVEL_LABELS[level]} />
          ))}
        </Group>
      </Radio.Group>
      <Text size="xs" c="dimmed" mt={-8}>
        {isUserAccess ? t('team.userAccessHint') : t('team.adminAccessHint')}
      </Text>
      {isUserAccess && (
        <Select
          label={t('team.role')}
          placeholder={t('team.rolePlaceholder')}
          withAsterisk
          data={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          disabled={roles.isPending && roles.fetchStatus !== 'idle'}
          nothingFoundMessage={t('team.noRoles')}
          searchable
          comboboxProps={{ withinPortal: true }}
          {...f.getInputProps('roleId')}
        />
      )}
      {canRegions && (
        <Select
          label={t('team.region')}
          description={t('team.regionHint')}
          placeholder={t('team.noRegion')}
          data={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...f.getInputProps('regionId')}
        />
      )}
      {isUserAccess && (
        <MultiSelect
          label={t('team.onlyEvents')}
          description={t('team.onlyEventsHint')}
          placeholder={f.values.eventIds.length === 0 ? t('team.allEvents') : undefined}
          data={(events.data?.items ?? []).map((e) => ({ value: e.id, label: e.name }))}
          searchable
          clearable
          hidePickedOptions
          comboboxProps={{ withinPortal: true }}
          {...f.getInputProps('eventIds')}
        />
      )}
    </Stack>
  );
}
