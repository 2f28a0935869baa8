import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type TStepKey = 'tickets' | 'details' | 'review';

/**
 * Progress through the checkout. Completed steps are buttons (go back and change); later ones are not reachable
 * before the current step is valid. Compact on phones: numbers plus short labels.
 */
export function CheckoutSteps({ steps, active, onSelect, isFree }: { steps: readonly TStepKey[]; active: number; onSelect: (index: number) => void; isFree: boolean }) {
  const { t } = useTranslation();
  const label = (s: TStepKey) =>
    s === 'tickets' ? t('registration.public.stepTickets') : s === 'details' ? t('registration.public.stepDetails') : isFree ? t('registration.public.stepReview') : t('registration.public.stepPay');
  return (
    <nav aria-label={t('registration.public.stepsLabel')}>
      <Stepper
        active={active}
        onStepClick={(i) => i < active && onSelect(i)}
        allowNextStepsSelect={false}
        size="sm"
        iconSize={30}
        styles={{ steps: { flexWrap: 'nowrap' }, stepLabel: { fontSize: 'var(--mantine-font-size-sm)', whiteSpace: 'nowrap' }, separator: { marginInline: 6, minWidth: 8 } }}
      >
        {steps.map((s, i) => (
          <Stepper.Step key={s} label={label(s)} aria-current={i === active ? 'step' : undefined} />
        ))}
      </Stepper>
    </nav>
  );
}
