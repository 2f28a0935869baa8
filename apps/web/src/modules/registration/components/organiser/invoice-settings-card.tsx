import '../../organiser-i18n.ts';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZInvoiceSettingsUpdateRequest, type TInvoiceSettingsUpdateRequest } from '@pavilion/domain/registration/payments.schemas';
import { useAccess } from '../../../../app/access.ts';
import { FormAlert } from '../../../../ui/form-alert.tsx';
import { organiserPaymentsApi as api } from '../../api/organiser-payments-api.ts';
import { registrationKeys } from '../../api/registration-keys.ts';
import { useInvoiceSettings, useRegistrationMutation } from '../../hooks/use-organiser-registration.ts';
import { useSettingsForm } from '../../hooks/use-settings-form.ts';
import { invoiceSettingsRequest, invoiceSettingsValues } from '../../lib/payments.ts';
import { ListError, ListLoading } from '../../../../ui/list-states.tsx';

/** The organiser details printed on invoices and the invoice-number prefix (AP-195 view, AP-196 edit). */
export function InvoiceSettingsCard() {
  const { t } = useTranslation();
  const settings = useInvoiceSettings();
  const canEdit = useAccess().can('AP-196');
  const save = useRegistrationMutation((body: TInvoiceSettingsUpdateRequest) => api.updateInvoiceSettings(body), [registrationKeys.invoiceSettings()]);
  const { form, submit, formError } = useSettingsForm({ saved: settings.data, toValues: invoiceSettingsValues, toRequest: invoiceSettingsRequest, schema: ZInvoiceSettingsUpdateRequest, save });

  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invoice-settings-title">
      <Title order={2} fz="h4" mb={4} id="invoice-settings-title">
        {t('registration.org.invoiceSettingsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('registration.org.invoiceSettingsHint')}
      </Text>
      {settings.isPending && <ListLoading rows={3} />}
      {settings.isError && <ListError error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={formError} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('registration.org.legalName')} maxLength={200} disabled={!canEdit} {...form.getInputProps('legalName')} />
              <TextInput label={t('registration.org.taxId')} maxLength={60} disabled={!canEdit} {...form.getInputProps('taxId')} />
              <TextInput label={t('registration.org.invoiceEmail')} type="email" maxLength={254} disabled={!canEdit} {...form.getInputProps('email')} />
              <TextInput
                label={t('registration.org.invoicePrefix')}
                description={t('registration.org.invoicePrefixHint')}
                maxLength={12}
                disabled={!canEdit}
                {...form.getInputProps('invoicePrefix')}
              />
              <TextInput
                label={t('registration.org.creditNotePrefix')}
                description={t('registration.org.creditNotePrefixHint')}
                maxLength={10}
                disabled={!canEdit}
                {...form.getInputProps('creditNotePrefix')}
              />
            </SimpleGrid>
            <Textarea label={t('registration.org.invoiceAddress')} autosize minRows={2} maxLength={1000} disabled={!canEdit} {...form.getInputProps('address')} />
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
                  {t('registration.org.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </Paper>
  );
}
