import { Button, Group, NumberInput, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZCompanyInvoiceTaxInput, type TCompanyInvoiceTax, type TCompanyInvoiceTaxInput } from '@pavilion/domain/exhibition/company-invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { companyInvoicesApi, invoiceKeys } from '../api/company-invoices-api.ts';

function TaxFields({ eventId, tax, canEdit }: { eventId: string; tax: TCompanyInvoiceTax; canEdit: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useForm<TCompanyInvoiceTaxInput>({
    initialValues: { ratePercent: tax.ratePercent, taxName: tax.taxName, taxId: tax.taxId },
    validate: schemaValidator(ZCompanyInvoiceTaxInput, t),
  });
  const save = useFormMutation(
    useMutation({
      mutationFn: (values: TCompanyInvoiceTaxInput) => companyInvoicesApi.saveTax(eventId, values),
      onSuccess: (saved) => {
        qc.setQueryData(invoiceKeys.tax(eventId), saved);
        // Open invoices were re-taxed on the server.
        void qc.invalidateQueries({ queryKey: invoiceKeys.org(eventId) });
        form.resetDirty({ ratePercent: saved.ratePercent, taxName: saved.taxName, taxId: saved.taxId });
      },
    }),
    { setFieldError: form.setFieldError, success: () => t('exhibition.invoices.taxSaved') },
  );
  return (
    <form onSubmit={form.onSubmit((values) => save.submit(values))} noValidate aria-labelledby="invoice-tax">
      <Stack gap="sm">
        <FormAlert message={save.formError} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label={t('exhibition.invoices.taxRate')}
            min={0}
            max={100}
            decimalScale={2}
            step={0.5}
            w={150}
            readOnly={!canEdit}
            {...form.getInputProps('ratePercent')}
            onChange={(v) => form.setFieldValue('ratePercent', typeof v === 'number' ? v : Number(v) || 0)}
          />
          <TextInput label={t('exhibition.invoices.taxName')} placeholder={t('exhibition.invoices.taxNamePlaceholder')} maxLength={40} w={160} readOnly={!canEdit} {...form.getInputProps('taxName')} />
          <TextInput label={t('exhibition.invoices.taxIdLabel')} maxLength={60} w={220} readOnly={!canEdit} {...form.getInputProps('taxId')} />
        </Group>
        {canEdit && (
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t('exhibition.invoices.taxSave')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** The event's tax on company invoices (AP-206 to see it, AP-207 to change it): rate, its name and the organiser's tax id. */
export function InvoiceTaxForm({ eventId, canEdit }: { eventId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const tax = useQuery({ queryKey: invoiceKeys.tax(eventId), queryFn: ({ signal }) => companyInvoicesApi.tax(eventId, signal), enabled: !!eventId });
  return (
    <Paper component="section" aria-labelledby="invoice-tax" withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} fz="h5" id="invoice-tax">
          {t('exhibition.invoices.taxTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('exhibition.invoices.taxIntro')}
        </Text>
        {tax.isPending && <Skeleton h={60} />}
        {tax.isError && <FormAlert message={tax.error.message} />}
        {/* Keyed by the saved values: a refetch that changed them starts the form again from the server's. */}
        {tax.data && <TaxFields key={`${tax.data.taxRateBp}|${tax.data.taxName}|${tax.data.taxId}`} eventId={eventId} tax={tax.data} canEdit={canEdit} />}
      </Stack>
    </Paper>
  );
}
