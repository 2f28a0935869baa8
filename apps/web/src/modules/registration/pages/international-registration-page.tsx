import '../public-i18n.ts';
import { useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isValidPhoneForCountry } from '@pavilion/domain/validation/phone';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { CheckoutFlow } from '../components/public/checkout-flow.tsx';
import { CountryPhoneInput } from '../components/public/country-phone-input.tsx';
import { MissingEvent } from '../components/public/missing-event.tsx';
import { PublicLoading, PublicProblem } from '../components/public/public-states.tsx';
import { translateErrorKey } from '../../../app/form-errors.ts';
import { usePublicRegistrationInfo } from '../hooks/use-public-registration.ts';

/**
 * `international-reg?eventId=[&currency=]`: the buyer picks the currency to pay in (tickets are filtered to it) and a
 * country-aware phone number, checked with the domain's per-country rule. The only public page that loads the
 * countries table.
 */
export function InternationalRegistrationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const eventId = params.get('eventId') ?? '';
  const all = usePublicRegistrationInfo(eventId);
  const [currency, setCurrency] = useState(params.get('currency') ?? '');
  const chosen = currency || all.data?.currencies[0] || '';
  const info = usePublicRegistrationInfo(chosen ? eventId : null, { currency: chosen });
  const kicker = t('registration.public.kickerInternational');
  usePageTitle(all.data ? `${kicker} – ${all.data.eventName}` : kicker);

  if (!eventId) return <MissingEvent kicker={kicker} />;
  if (all.isError && !all.data) return <PublicProblem kicker={kicker} error={all.error} onRetry={() => void all.refetch()} />;
  if (!all.data || (chosen && !info.data)) return <PublicLoading kicker={kicker} />;
  const data = info.data ?? all.data;
  const currencies = all.data.currencies;

  return (
    <CheckoutFlow
      key={chosen}
      info={data}
      variant="international"
      kicker={kicker}
      ticketsIntro={
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {t('registration.public.internationalHint')}
          </Text>
          {currencies.length > 1 && (
            <div>
              <Text size="sm" fw={500} id="currency-label" mb={4}>
                {t('registration.public.currency')}
              </Text>
              <SegmentedControl
                aria-labelledby="currency-label"
                value={chosen}
                data={currencies}
                onChange={(c) => {
                  setCurrency(c);
                  setParams((p) => (p.set('currency', c), p), { replace: true });
                }}
              />
            </div>
          )}
        </Stack>
      }
      phone={{
        rule: isValidPhoneForCountry,
        isRequired: true,
        render: ({ value, errors, onChange }) => (
          <CountryPhoneInput
            countryCode={value.countryCode}
            contactNo={value.contactNo}
            onCountryChange={(countryCode) => onChange({ countryCode })}
            onContactNoChange={(contactNo) => onChange({ contactNo })}
            countryError={errors.countryCode ? translateErrorKey(t, errors.countryCode) : null}
            contactNoError={errors.contactNo ? translateErrorKey(t, errors.contactNo) : null}
          />
        ),
      }}
    />
  );
}
