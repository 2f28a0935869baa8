import { useEffect } from 'react';
import { NumberInput, SegmentedControl, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TICKET_CURRENCY, ZTicketCreateRequest, type TTicket, type TTicketCreateRequest } from '@pavilion/domain/registration/registration.schemas';
import { currencyOfTimeZone } from '@pavilion/domain/reference/countries';
import { schemaValidator } from '../../../../app/form-errors.ts';
import { useFormMutation } from '../../../../app/use-form-mutation.ts';
import { FormModal } from '../../../../ui/form-modal.tsx';
import { organiserRegistrationApi as api } from '../../api/organiser-registration-api.ts';
import { useRegistrationMutation, seatKeys } from '../../hooks/use-organiser-registration.ts';
import { registrationKeys } from '../../api/registration-keys.ts';
import { COMMON_CURRENCIES } from '../../lib/currencies.ts';
import { fromLocalInput, toLocalInput } from '../../lib/datetime.ts';
import { toMajor, toMinor } from '../../lib/money.ts';

export type TTicketFormValues = {
  name: string;
  description: string;
  isFree: boolean;
  currency: string;
  price: string | number;
  taxRate: string | number;
  salesStart: string;
  salesEnd: string;
  visibility: 'public' | 'hidden';
  unlockCode: string;
  minPerOrder: string | number;
  maxPerOrder: string | number;
  capacity: string | number;
  sortOrder: string | number;
};

/** The event a ticket belongs to, as far as the form's defaults go: a new ticket's currency and the sale window's zone. */
export type TTicketEvent = { timeZone: string };

/** A new ticket of this event: its country's currency (SPEC §3.2, via its time zone), else EUR. */
export function defaultTicketCurrency(event?: TTicketEvent | null): string {
  return (event && currencyOfTimeZone(event.timeZone)) ?? DEFAULT_TICKET_CURRENCY;
}

export function ticketToValues(ticket?: TTicket | null, event?: TTicketEvent | null): TTicketFormValues {
  return {
    name: ticket?.name ?? '',
    description: ticket?.description ?? '',
    isFree: ticket?.isFree ?? false,
    currency: ticket?.currency ?? defaultTicketCurrency(event),
    price: ticket && !ticket.isFree ? toMajor(ticket.price, ticket.currency) : '',
    taxRate: ticket ? ticket.taxRateBp / 100 : 0,
    salesStart: toLocalInput(ticket?.salesStart, event?.timeZone),
    salesEnd: toLocalInput(ticket?.salesEnd, event?.timeZone),
    visibility: ticket?.visibility ?? 'public',
    unlockCode: ticket?.unlockCode ?? '',
    minPerOrder: ticket?.minPerOrder ?? 1,
    maxPerOrder: ticket?.maxPerOrder ?? 10,
    capacity: ticket?.capacity ?? '',
    sortOrder: ticket?.sortOrder ?? 0,
  };
}

const num = (v: string | number, fallback: number) => (v === '' || v === null || v === undefined ? fallback : Number(v));

/** The form's values as the create/update request (money in minor units, tax in basis points, instants in ISO). */
export function valuesToTicketRequest(v: TTicketFormValues, event?: TTicketEvent | null): TTicketCreateRequest {
  const currency = v.currency.trim().toUpperCase();
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    isFree: v.isFree,
    currency,
    price: v.isFree ? 0 : (toMinor(String(v.price), currency) ?? -1),
    taxRateBp: Math.round(num(v.taxRate, 0) * 100),
    salesStart: fromLocalInput(v.salesStart, event?.timeZone),
    salesEnd: fromLocalInput(v.salesEnd, event?.timeZone),
    visibility: v.visibility,
    unlockCode: v.visibility === 'hidden' ? v.unlockCode.trim() || null : null,
    minPerOrder: num(v.minPerOrder, 1),
    maxPerOrder: num(v.maxPerOrder, 10),
    capacity: v.capacity === '' ? null : Number(v.capacity),
    sortOrder: num(v.sortOrder, 0),
  };
}

/** Create or edit a ticket: free or paid, currency, price, tax, sale window, visibility with unlock code, limits. */
export function TicketFormModal({ eventId, event, ticket, isOpen, onClose }: { eventId: string; event: TTicketEvent | null; ticket: TTicket | null; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<TTicketFormValues>({
    mode: 'controlled',
    initialValues: ticketToValues(ticket, event),
    validate: schemaValidator<TTicketFormValues>(ZTicketCreateRequest, t, (v) => valuesToTicketRequest(v, event)),
  });
  const save = useFormMutation(
    useRegistrationMutation(
      (body: TTicketCreateRequest) => (ticket ? api.updateTicket(eventId, ticket.id, body) : api.createTicket(eventId, body)),
      [...seatKeys(eventId), registrationKeys.public()],
    ),
    {
      setFieldError: form.setFieldError,
      success: () => (ticket ? t('registration.org.ticketSaved') : t('registration.org.ticketCreated')),
      onSuccess: onClose,
    },
  );
  useEffect(() => {
    if (isOpen) {
      form.setValues(ticketToValues(ticket, event));
      form.resetDirty();
      form.clearErrors();
      save.setFormError(null);
    }
    // reset only when the modal opens for another ticket
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, ticket?.id, event?.timeZone]);

  const v = form.values;
  return (
    <FormModal
      opened={isOpen}
      onClose={onClose}
      title={ticket ? t('registration.org.editTicket') : t('registration.org.newTicket')}
      size="lg"
      onSubmit={form.onSubmit((values) => save.submit(valuesToTicketRequest(values, event)))}
      formError={save.formError}
      isPending={save.isPending}
      cancelLabel={t('registration.org.cancel')}
      submitLabel={ticket ? t('registration.org.save') : t('registration.org.create')}
    >
      <TextInput label={t('registration.org.ticketName')} withAsterisk maxLength={200} data-autofocus {...form.getInputProps('name')} />
      <Textarea label={t('registration.org.description')} autosize minRows={2} maxLength={5000} {...form.getInputProps('description')} />

      <div>
        <Text size="sm" fw={500} id="ticket-pricing-label" mb={4}>
          {t('registration.org.pricing')}
        </Text>
        <SegmentedControl
          aria-labelledby="ticket-pricing-label"
          value={v.isFree ? 'free' : 'paid'}
          onChange={(x) => form.setFieldValue('isFree', x === 'free')}
          data={[
            { value: 'paid', label: t('registration.org.paid') },
            { value: 'free', label: t('registration.org.free') },
          ]}
        />
      </div>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Select
          label={t('registration.org.currency')}
          data={[...new Set([v.currency, ...COMMON_CURRENCIES])].filter(Boolean)}
          searchable
          allowDeselect={false}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('currency')}
        />
        <NumberInput
          label={t('registration.org.price')}
          description={t('registration.org.priceHint')}
          disabled={v.isFree}
          withAsterisk={!v.isFree}
          min={0}
          decimalScale={3}
          hideControls
          {...form.getInputProps('price')}
        />
        <NumberInput label={t('registration.org.taxRate')} min={0} max={100} decimalScale={2} hideControls {...form.getInputProps('taxRate')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput type="datetime-local" label={t('registration.org.salesStart')} description={t('registration.org.salesWindowHint', { timeZone: event?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone })} {...form.getInputProps('salesStart')} />
        <TextInput type="datetime-local" label={t('registration.org.salesEnd')} description=" " {...form.getInputProps('salesEnd')} />
      </SimpleGrid>
      <div>
        <Text size="sm" fw={500} id="ticket-visibility-label" mb={4}>
          {t('registration.org.visibility')}
        </Text>
        <SegmentedControl
          aria-labelledby="ticket-visibility-label"
          value={v.visibility}
          onChange={(x) => form.setFieldValue('visibility', x as 'public' | 'hidden')}
          data={[
            { value: 'public', label: t('registration.org.visibilityPublic') },
            { value: 'hidden', label: t('registration.org.visibilityHidden') },
          ]}
        />
      </div>
      {v.visibility === 'hidden' && (
        <TextInput label={t('registration.org.unlockCode')} description={t('registration.org.unlockCodeHint')} withAsterisk maxLength={40} {...form.getInputProps('unlockCode')} />
      )}
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="md">
        <NumberInput label={t('registration.org.minPerOrder')} min={1} max={100} allowDecimal={false} {...form.getInputProps('minPerOrder')} />
        <NumberInput label={t('registration.org.maxPerOrder')} min={1} max={100} allowDecimal={false} {...form.getInputProps('maxPerOrder')} />
        <NumberInput label={t('registration.org.capacity')} min={0} allowDecimal={false} placeholder={t('registration.org.unlimited')} {...form.getInputProps('capacity')} />
        <NumberInput label={t('registration.org.sortOrder')} min={0} allowDecimal={false} {...form.getInputProps('sortOrder')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('registration.org.capacityHint')}
      </Text>
    </FormModal>
  );
}
