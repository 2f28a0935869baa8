import '../../organiser-i18n.ts';
import { Button, Checkbox, Code, Divider, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZPaymentSettingsUpdateRequest, type TPaymentSettingsUpdateRequest } from '@pavilion/domain/registration/payments.schemas';
import { PAYMENT_PROVIDERS } from '@pavilion/domain/registration/registration.schemas';
import { useAccess } from '../../../../app/access.ts';
import { FormAlert } from '../../../../ui/form-alert.tsx';
import { organiserPaymentsApi as api } from '../../api/organiser-payments-api.ts';
import { registrationKeys } from '../../api/registration-keys.ts';
import { usePaymentSettings, useRegistrationMutation } from '../../hooks/use-organiser-registration.ts';
import { useSettingsForm } from '../../hooks/use-settings-form.ts';
import { paymentSettingsRequest, paymentSettingsValues } from '../../lib/payments.ts';
import { StatusBadge } from '../status-badge.tsx';
import { ListError, ListLoading } from '../../../../ui/list-states.tsx';

/** Providers in the order an organiser meets them. */
const PROVIDER_ORDER = ['test', 'offline', 'stripe', 'razorpay'] as const satisfies readonly (typeof PAYMENT_PROVIDERS)[number][];

function SecretState({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  return <StatusBadge color={isSet ? 'teal' : 'gray'}>{isSet ? t('registration.org.secretSet') : t('registration.org.secretNotSet')}</StatusBadge>;
}

/** Payment methods of the organisation (AP-203 view, AP-204 edit). Secrets are write-only: only "set" / "not set" shows. */
export function PaymentSettingsCard() {
  const { t } = useTranslation();
  const settings = usePaymentSettings();
  const canEdit = useAccess().can('AP-204');
  const save = useRegistrationMutation((body: TPaymentSettingsUpdateRequest) => api.updatePaymentSettings(body), [registrationKeys.paymentSettings(), registrationKeys.public()]);
  const { form, submit, formError } = useSettingsForm({ saved: settings.data, toValues: paymentSettingsValues, toRequest: paymentSettingsRequest, schema: ZPaymentSettingsUpdateRequest, save });
  const s = settings.data;
  const secretHint = (isSet: boolean) => (isSet ? t('registration.org.secretReplaceHint') : t('registration.org.secretSetHint'));

  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="payment-settings-title">
      <Title order={2} fz="h4" mb={4} id="payment-settings-title">
        {t('registration.org.paymentSettingsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('registration.org.paymentsOrgNote')}
      </Text>
      {settings.isPending && <ListLoading rows={4} />}
      {settings.isError && <ListError error={settings.error} onRetry={() => void settings.refetch()} />}
      {s && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={formError} />
            <Checkbox.Group label={t('registration.org.enabledProviders')} {...form.getInputProps('enabledProviders')}>
              <Group gap="lg" mt="xs">
                {PROVIDER_ORDER.map((p) => (
                  <Checkbox key={p} value={p} label={t(`registration.org.providers.${p}`)} disabled={!canEdit} />
                ))}
              </Group>
            </Checkbox.Group>
            <Textarea
              label={t('registration.org.offlineInstructions')}
              description={t('registration.org.offlineInstructionsHint')}
              autosize
              minRows={2}
              maxLength={2000}
              disabled={!canEdit}
              {...form.getInputProps('offline.instructions')}
            />
            <Divider label={t('registration.org.providers.stripe')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
              <TextInput label={t('registration.org.stripePublishableKey')} placeholder="pk_live_…" disabled={!canEdit} {...form.getInputProps('stripe.publishableKey')} />
              <PasswordInput
                label={
                  <Group gap={6} component="span">
                    {t('registration.org.stripeSecretKey')} <SecretState isSet={s.stripe.hasSecretKey} />
                  </Group>
                }
                description={secretHint(s.stripe.hasSecretKey)}
                autoComplete="off"
                disabled={!canEdit}
                {...form.getInputProps('stripe.secretKey')}
              />
              <PasswordInput
                label={
                  <Group gap={6} component="span">
                    {t('registration.org.stripeWebhookSecret')} <SecretState isSet={s.stripe.hasWebhookSecret} />
                  </Group>
                }
                description={secretHint(s.stripe.hasWebhookSecret)}
                autoComplete="off"
                disabled={!canEdit}
                {...form.getInputProps('stripe.webhookSecret')}
              />
            </SimpleGrid>
            <Divider label={t('registration.org.providers.razorpay')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <TextInput label={t('registration.org.razorpayKeyId')} disabled={!canEdit} {...form.getInputProps('razorpay.keyId')} />
              <TextInput label={t('registration.org.razorpayCheckoutUrl')} type="url" disabled={!canEdit} {...form.getInputProps('razorpay.checkoutUrl')} />
              <PasswordInput
                label={
                  <Group gap={6} component="span">
                    {t('registration.org.razorpayKeySecret')} <SecretState isSet={s.razorpay.hasKeySecret} />
                  </Group>
                }
                description={secretHint(s.razorpay.hasKeySecret)}
                autoComplete="off"
                disabled={!canEdit}
                {...form.getInputProps('razorpay.keySecret')}
              />
              <PasswordInput
                label={
                  <Group gap={6} component="span">
                    {t('registration.org.razorpayWebhookSecret')} <SecretState isSet={s.razorpay.hasWebhookSecret} />
                  </Group>
                }
                description={secretHint(s.razorpay.hasWebhookSecret)}
                autoComplete="off"
                disabled={!canEdit}
                {...form.getInputProps('razorpay.webhookSecret')}
              />
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('registration.org.webhookPaths')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('registration.org.webhookPathsHint')}
              </Text>
              <Text size="sm">
                {t('registration.org.providers.stripe')}: <Code>{s.webhookPaths.stripe}</Code>
              </Text>
              <Text size="sm">
                {t('registration.org.providers.razorpay')}: <Code>{s.webhookPaths.razorpay}</Code>
              </Text>
            </Stack>
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
