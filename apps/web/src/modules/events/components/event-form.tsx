import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  EVENT_MODE_LABELS,
  EVENT_TYPE_LABELS,
  EventMode,
  EventType,
  LOGIN_IDENTIFIER_LABELS,
  LoginIdentifier,
  REGISTRATION_IDENTIFIER_LABELS,
  RegistrationIdentifier,
  ZEventCreateRequest,
  ZEventUpdateRequest,
  type TEvent,
  type TEventCreateRequest,
} from '@pavilion/domain';
import { useAccess } from '../../../app/access.ts';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useRegions } from '../../workspace/index.ts';
import { browserTimeZone, TimeZoneSelect } from './time-zone-select.tsx';

export type TEventFormValues = {
  name: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  venue: string;
  eventMode: string;
  eventType: string;
  domain: string;
  loginIdentifier: string;
  registrationIdentifier: string;
  /** '' = no region. */
  regionId: string;
};

const options = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

export function eventToFormValues(event?: TEvent | null): TEventFormValues {
  return {
    name: event?.name ?? '',
    startDate: event?.startDate ?? '',
    endDate: event?.endDate ?? '',
    timeZone: event?.timeZone ?? browserTimeZone(),
    venue: event?.venue ?? '',
    eventMode: String(event?.eventMode ?? EventMode.InPerson),
    eventType: String(event?.eventType ?? EventType.NonEntertainment),
    domain: event?.domain ?? '',
    loginIdentifier: String(event?.loginIdentifier ?? LoginIdentifier.Email),
    registrationIdentifier: String(event?.registrationIdentifier ?? RegistrationIdentifier.RegNo),
    regionId: event?.regionId ?? '',
  };
}

/** The create request: only the fields the create form shows (the server defaults the rest). */
export function toCreateRequest(v: TEventFormValues): TEventCreateRequest {
  return {
    name: v.name.trim(),
    startDate: v.startDate,
    endDate: v.endDate,
    timeZone: v.timeZone,
    venue: v.venue.trim(),
    eventMode: Number(v.eventMode) as TEventCreateRequest['eventMode'],
    eventType: Number(v.eventType) as TEventCreateRequest['eventType'],
    regionId: v.regionId || null,
  } as TEventCreateRequest;
}

export function toUpdateRequest(v: TEventFormValues) {
  return {
    ...toCreateRequest(v),
    domain: v.domain.trim(),
    loginIdentifier: Number(v.loginIdentifier),
    registrationIdentifier: Number(v.registrationIdentifier),
  };
}

export type TEventForm = UseFormReturnType<TEventFormValues>;

export function useEventForm(isExtended: boolean, event?: TEvent | null): TEventForm {
  const { t } = useTranslation();
  return useForm<TEventFormValues>({
    mode: 'controlled',
    initialValues: eventToFormValues(event),
    validate: isExtended
      ? schemaValidator<TEventFormValues>(ZEventUpdateRequest, t, toUpdateRequest)
      : schemaValidator<TEventFormValues>(ZEventCreateRequest, t, toCreateRequest),
  });
}

/** The event fields shared by "Create event" and "Event settings". */
/** Which region's team sees the event; offered only to those who may list regions (AP-804). */
function RegionField({ form }: { form: TEventForm }) {
  const { t } = useTranslation();
  const canRegions = useAccess().can('AP-804');
  const regions = useRegions(canRegions);
  if (!canRegions) return null;
  const data = [{ value: '', label: t('events.noRegion') }, ...(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))];
  // A region the list does not hold (deleted, or not loaded yet) still shows as selected rather than vanishing.
  if (form.values.regionId && !data.some((d) => d.value === form.values.regionId)) data.push({ value: form.values.regionId, label: t('regions.badgeNoName') });
  return <NativeSelect label={t('events.region')} description={t('events.regionHint')} data={data} {...form.getInputProps('regionId')} />;
}

export function EventFormFields({ form, isExtended = false }: { form: TEventForm; isExtended?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {isExtended && (
        <Title order={2} fz="h4">
          {t('events.sectionBasics')}
        </Title>
      )}
      <TextInput label={t('events.name')} withAsterisk maxLength={200} data-autofocus {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput type="date" label={t('events.startDate')} withAsterisk {...form.getInputProps('startDate')} />
        <TextInput type="date" label={t('events.endDate')} withAsterisk min={form.values.startDate || undefined} {...form.getInputProps('endDate')} />
      </SimpleGrid>
      <TimeZoneSelect label={t('events.timeZone')} placeholder={t('events.timeZonePlaceholder')} withAsterisk {...form.getInputProps('timeZone')} />
      <TextInput label={t('events.venue')} placeholder={t('events.venuePlaceholder')} maxLength={300} {...form.getInputProps('venue')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NativeSelect label={t('events.eventMode')} data={options(EVENT_MODE_LABELS)} {...form.getInputProps('eventMode')} />
        <NativeSelect label={t('events.eventType')} data={options(EVENT_TYPE_LABELS)} {...form.getInputProps('eventType')} />
      </SimpleGrid>
      <RegionField form={form} />
      {isExtended && (
        <>
          <Title order={2} fz="h4" mt="md">
            {t('events.sectionAccess')}
          </Title>
          <TextInput label={t('events.domain')} description={t('events.domainHint')} maxLength={253} {...form.getInputProps('domain')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NativeSelect label={t('events.loginIdentifier')} data={options(LOGIN_IDENTIFIER_LABELS)} {...form.getInputProps('loginIdentifier')} />
            <NativeSelect
              label={t('events.registrationIdentifier')}
              data={options(REGISTRATION_IDENTIFIER_LABELS)}
              {...form.getInputProps('registrationIdentifier')}
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

export function FormActions({ submitLabel, isPending, onCancel }: { submitLabel: string; isPending: boolean; onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="xl" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      )}
      <Button type="submit" loading={isPending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
