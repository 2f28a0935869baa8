import { useEffect, useState } from 'react';
import { Button, Code, Group, Modal, MultiSelect, NumberInput, ScrollArea, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  ZCouponBulkRequest,
  ZCouponCreateRequest,
  type TCouponBulkRequest,
  type TCouponCreateRequest,
  type TTicket,
} from '@pavilion/domain/registration/registration.schemas';
import { schemaValidator } from '../../../../app/form-errors.ts';
import { useFormMutation } from '../../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../../ui/form-alert.tsx';
import { organiserRegistrationApi as api } from '../../api/organiser-registration-api.ts';
import { registrationKeys } from '../../api/registration-keys.ts';
import { useRegistrationMutation } from '../../hooks/use-organiser-registration.ts';
import { COMMON_CURRENCIES } from '../../lib/currencies.ts';
import { fromLocalInput } from '../../lib/datetime.ts';
import { toMinor } from '../../lib/money.ts';

export type TCouponFormValues = {
  code: string;
  kind: 'percent' | 'fixed';
  value: string | number;
  currency: string;
  maxUses: string | number;
  validFrom: string;
  validTo: string;
  ticketIds: string[];
  isActive: boolean;
  // bulk only
  prefix: string;
  count: string | number;
  length: string | number;
};

const initial = (currency: string): TCouponFormValues => ({
  code: '',
  kind: 'percent',
  value: '',
  currency,
  maxUses: '',
  validFrom: '',
  validTo: '',
  ticketIds: [],
  isActive: true,
  prefix: '',
  count: 50,
  length: 8,
});

function common(v: TCouponFormValues) {
  const currency = v.kind === 'fixed' ? v.currency : null;
  return {
    kind: v.kind,
    value: v.kind === 'percent' ? Number(v.value || 0) : (toMinor(String(v.value), v.currency) ?? 0),
    currency,
    maxUses: v.maxUses === '' ? null : Number(v.maxUses),
    validFrom: fromLocalInput(v.validFrom),
    validTo: fromLocalInput(v.validTo),
    ticketIds: v.ticketIds,
    isActive: v.isActive,
  };
}
export const toCouponRequest = (v: TCouponFormValues): TCouponCreateRequest => ({ code: v.code.trim(), ...common(v) }) as TCouponCreateRequest;
export const toBulkRequest = (v: TCouponFormValues): TCouponBulkRequest =>
  ({ ...common(v), prefix: v.prefix.trim().toUpperCase(), count: Number(v.count || 0), length: Number(v.length || 8), maxUses: v.maxUses === '' ? 1 : Number(v.maxUses) }) as TCouponBulkRequest;

/** One coupon (percentage or fixed, limits, window, ticket scope) or a batch of generated single-use codes. */
export function CouponFormModal({ eventId, tickets, isBulk, isOpen, onClose }: { eventId: string; tickets: TTicket[]; isBulk: boolean; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const currency = tickets.find((x) => !x.isFree)?.currency ?? 'EUR';
  const form = useForm<TCouponFormValues>({
    mode: 'controlled',
    initialValues: initial(currency),
    validate: isBulk ? schemaValidator<TCouponFormValues>(ZCouponBulkRequest, t, toBulkRequest) : schemaValidator<TCouponFormValues>(ZCouponCreateRequest, t, toCouponRequest),
  });
  useEffect(() => {
    if (isOpen) {
      form.setValues(initial(currency));
      form.clearErrors();
      create.setFormError(null);
      bulk.setFormError(null);
      setCodes(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, isBulk]);

  // One dialog makes one coupon or a batch (isBulk is fixed while it is open): two mutations, one alert.
  const create = useFormMutation(
    useRegistrationMutation((body: TCouponCreateRequest) => api.createCoupon(eventId, body), [registrationKeys.coupons(eventId)]),
    { setFieldError: form.setFieldError, success: (coupon) => t('registration.org.couponCreated', { code: coupon.code }), onSuccess: onClose },
  );
  const bulk = useFormMutation(
    useRegistrationMutation((body: TCouponBulkRequest) => api.bulkCoupons(eventId, body), [registrationKeys.coupons(eventId)]),
    { setFieldError: form.setFieldError, success: (res) => t('registration.org.bulkDone', { count: res.count }), onSuccess: (res) => setCodes(res.codes) },
  );

  const submit = form.onSubmit((values) => (isBulk ? bulk.submit(toBulkRequest(values)) : create.submit(toCouponRequest(values))));

  const v = form.values;
  const downloadCodes = () => {
    const blob = new Blob([`code\n${(codes ?? []).join('\n')}\n`], { type: 'text/csv' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'coupon-codes.csv';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };

  return (
    <Modal opened={isOpen} onClose={onClose} title={isBulk ? t('registration.org.bulkCoupons') : t('registration.org.newCoupon')} size="lg">
      {codes ? (
        <Stack gap="md">
          <Text fw={600}>{t('registration.org.bulkCodesTitle')}</Text>
          <ScrollArea h={220} type="auto">
            <Code block>{codes.join('\n')}</Code>
          </ScrollArea>
          <Group justify="flex-end">
            <Button variant="default" onClick={downloadCodes}>
              {t('registration.org.downloadCodes')}
            </Button>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={isBulk ? bulk.formError : create.formError} />
            {isBulk ? (
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <TextInput label={t('registration.org.bulkPrefix')} maxLength={12} data-autofocus {...form.getInputProps('prefix')} />
                <NumberInput label={t('registration.org.bulkCount')} min={1} max={1000} allowDecimal={false} withAsterisk {...form.getInputProps('count')} />
                <NumberInput label={t('registration.org.bulkLength')} min={6} max={20} allowDecimal={false} {...form.getInputProps('length')} />
              </SimpleGrid>
            ) : (
              <TextInput label={t('registration.org.code')} withAsterisk maxLength={40} data-autofocus autoCapitalize="characters" {...form.getInputProps('code')} />
            )}
            <div>
              <Text size="sm" fw={500} id="coupon-kind-label" mb={4}>
                {t('registration.org.kind')}
              </Text>
              <SegmentedControl
                aria-labelledby="coupon-kind-label"
                value={v.kind}
                onChange={(x) => form.setFieldValue('kind', x as 'percent' | 'fixed')}
                data={[
                  { value: 'percent', label: t('registration.org.kindPercent') },
                  { value: 'fixed', label: t('registration.org.kindFixed') },
                ]}
              />
            </div>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <NumberInput
                label={v.kind === 'percent' ? t('registration.org.percentValue') : t('registration.org.fixedValue')}
                withAsterisk
                min={0}
                max={v.kind === 'percent' ? 100 : undefined}
                decimalScale={v.kind === 'percent' ? 0 : 3}
                suffix={v.kind === 'percent' ? ' %' : undefined}
                hideControls
                {...form.getInputProps('value')}
              />
              {v.kind === 'fixed' && (
                <Select
                  label={t('registration.org.currency')}
                  data={[...new Set([v.currency, ...COMMON_CURRENCIES])]}
                  searchable
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps('currency')}
                />
              )}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <NumberInput
                label={t('registration.org.maxUses')}
                min={1}
                allowDecimal={false}
                placeholder={isBulk ? '1' : t('registration.org.unlimited')}
                {...form.getInputProps('maxUses')}
              />
              <TextInput type="datetime-local" label={t('registration.org.validFrom')} {...form.getInputProps('validFrom')} />
              <TextInput type="datetime-local" label={t('registration.org.validTo')} {...form.getInputProps('validTo')} />
            </SimpleGrid>
            <MultiSelect
              label={t('registration.org.scope')}
              description={t('registration.org.scopeHint')}
              placeholder={v.ticketIds.length ? undefined : t('registration.org.scopeAll')}
              data={tickets.map((x) => ({ value: x.id, label: x.name }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('ticketIds')}
            />
            <Switch label={t('registration.org.active')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={onClose}>
                {t('registration.org.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending || bulk.isPending}>
                {isBulk ? t('registration.org.bulkCoupons') : t('registration.org.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
