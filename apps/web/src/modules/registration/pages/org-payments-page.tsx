import '../organiser-i18n.ts';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../app/access-gate.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { InvoiceSettingsCard } from '../components/organiser/invoice-settings-card.tsx';
import { PaymentSettingsCard } from '../components/organiser/payment-settings-card.tsx';

/** /app/registration/payments: the organisation's payment methods (AP-203) and invoice details (AP-195). */
export function OrgPaymentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('registration.org.paymentsTitle'));
  return (
    <Stack gap="lg">
      <Can rule="AP-203">
        <PaymentSettingsCard />
      </Can>
      <Can rule="AP-195">
        <InvoiceSettingsCard />
      </Can>
    </Stack>
  );
}
