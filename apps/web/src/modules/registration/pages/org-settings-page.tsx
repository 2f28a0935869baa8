import '../organiser-i18n.ts';
import { Button, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZRegistrationSettingsUpdateRequest, type TRegistrationSettings, type TRegistrationSettingsUpdateRequest } from '@pavilion/domain/registration/registration.schemas';
import { useAccess } from '../../../app/access.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { organiserRegistrationApi as api } from '../api/organiser-registration-api.ts';
import { registrationKeys } from '../api/registration-keys.ts';
import { ListError, ListLoading } from '../../../ui/list-states.tsx';
import { PublicLinksCard } from '../components/organiser/public-links-card.tsx';
import { useRegistrationMutation, useRegistrationSettings } from '../hooks/use-organiser-registration.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { useSettingsForm } from '../hooks/use-settings-form.ts';

type TValues = { approvalMode: 'auto' | 'manual'; cartMinutes: number | string; paymentMinutes: number | string; registrationPrefix: string };
const toValues = (s?: TRegistrationSettings): TValues => ({
  approvalMode: s?.approvalMode ?? 'auto',
  cartMinutes: s?.cartMinutes ?? 15,
  paymentMinutes: s?.paymentMinutes ?? 30,
  registrationPrefix: s?.registrationPrefix ?? '',
});
const toRequest = (v: TValues): TRegistrationSettingsUpdateRequest => ({
  approvalMode: v.approvalMode,
  cartMinutes: Number(v.cartMinutes),
  paymentMinutes: Number(v.paymentMinutes),
  registrationPrefix: v.registrationPrefix.trim().toUpperCase(),
});

/** /app/registration/settings: approval mode (auto or manual), cart and payment holds, registration-number prefix. */
export function OrgSettingsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const settings = useRegistrationSettings(eventId);
  const canEdit = useAccess().can('AP-48');
  const save = useRegistrationMutation((body: TRegistrationSettingsUpdateRequest) => api.updateSettings(eventId, body), [registrationKeys.settings(eventId), registrationKeys.public()]);
  const { form, submit, formError } = useSettingsForm({ saved: settings.data, toValues, toRequest, schema: ZRegistrationSettingsUpdateRequest, save });
  usePageTitle(t('registration.org.settingsTitle'));

  return (
    <Stack gap="lg">
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="h4" mb="md">
          {t('registration.org.settingsTitle')}
        </Title>
        {settings.isPending && <ListLoading rows={3} />}
        {settings.isError && <ListError error={settings.error} onRetry={() => void settings.refetch()} />}
        {settings.data && (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <FormAlert message={formError} />
              <Radio.Group label={t('registration.org.approvalMode')} {...form.getInputProps('approvalMode')}>
                <Stack gap="xs" mt="xs">
                  <Radio value="auto" label={t('registration.org.approvalAuto')} disabled={!canEdit} />
                  <Radio value="manual" label={t('registration.org.approvalManual')} disabled={!canEdit} />
                </Stack>
              </Radio.Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <NumberInput label={t('registration.org.cartMinutes')} description={t('registration.org.cartMinutesHint')} min={1} max={120} allowDecimal={false} disabled={!canEdit} {...form.getInputProps('cartMinutes')} />
                <NumberInput label={t('registration.org.paymentMinutes')} description={t('registration.org.paymentMinutesHint')} min={5} max={10080} allowDecimal={false} disabled={!canEdit} {...form.getInputProps('paymentMinutes')} />
                <TextInput label={t('registration.org.registrationPrefix')} description={t('registration.org.registrationPrefixHint')} maxLength={10} disabled={!canEdit} {...form.getInputProps('registrationPrefix')} />
              </SimpleGrid>
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
      <PublicLinksCard eventId={eventId} />
    </Stack>
  );
}
