import '../public-i18n.ts';
import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { formatDate } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { PublicRegistrationLayout, PublicSection } from '../components/public/public-registration-layout.tsx';
import { PublicEmpty, PublicLoading, PublicProblem } from '../components/public/public-states.tsx';
import { VisitorCheckout } from '../components/public/visitor-checkout.tsx';
import { usePublicDates } from '../hooks/use-public-registration.ts';
import { StatusBadge } from '../components/status-badge.tsx';

/** `lvp-select-date/{categoryId}`: a visitor picks the day they will attend, then registers for that day's ticket. */
export function SelectDatePage() {
  const { t } = useTranslation();
  const { categoryId = '' } = useParams();
  const [params] = useSearchParams();
  const dates = usePublicDates(categoryId);
  const [choice, setChoice] = useState('');
  const [chosenId, setChosenId] = useState('');
  const kicker = t('registration.public.kickerDate');
  usePageTitle(kicker);

  if (dates.isPending) return <PublicLoading kicker={kicker} />;
  if (dates.isError) return <PublicProblem kicker={kicker} error={dates.error} onRetry={() => void dates.refetch()} />;
  const list = [...dates.data].sort((a, b) => a.date.localeCompare(b.date));
  const chosen = list.find((d) => d.id === chosenId);
  const eventId = chosen?.eventId ?? list[0]?.eventId ?? params.get('eventId') ?? '';
  if (chosen && eventId) {
    return (
      <VisitorCheckout
        eventId={eventId}
        category={{ id: categoryId, name: chosen.label || formatDate(chosen.date), description: '', ticketId: chosen.ticketId }}
        ticketId={chosen.ticketId}
        dateOptionId={chosen.id}
        dateLabel={formatDate(chosen.date)}
        kicker={kicker}
      />
    );
  }

  return (
    <PublicRegistrationLayout kicker={kicker} event={null} footer={t('registration.public.footer')}>
      {list.length === 0 ? (
        <PublicEmpty icon={<IconCalendarOff size={28} />} title={t('registration.public.noDates')} body={t('registration.public.noDatesBody')} />
      ) : (
        <PublicSection title={t('registration.public.selectDateTitle')}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (choice) setChosenId(choice);
            }}
          >
            <Stack gap="md">
              <Radio.Group value={choice} onChange={setChoice} aria-label={t('registration.public.selectDateTitle')}>
                <Stack gap="xs">
                  {list.map((d) => {
                    const isFull = d.available !== null && d.available <= 0;
                    return (
                      <label key={d.id} className="reg-option-card" style={isFull ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}>
                        <Group justify="space-between" wrap="nowrap" gap="sm">
                          <Radio
                            value={d.id}
                            disabled={isFull || !d.ticketId}
                            label={<Text fw={600}>{formatDate(d.date)}</Text>}
                            description={d.label || undefined}
                          />
                          <StatusBadge color={isFull ? 'gray' : 'teal'}>
                            {isFull
                              ? t('registration.public.dateFull')
                              : d.available !== null
                                ? t('registration.public.dateLeft', { count: d.available })
                                : t('registration.public.dateOpen')}
                          </StatusBadge>
                        </Group>
                      </label>
                    );
                  })}
                </Stack>
              </Radio.Group>
              <Button type="submit" size="md" disabled={!choice} style={{ alignSelf: 'flex-end' }}>
                {t('registration.public.continue')}
              </Button>
            </Stack>
          </form>
        </PublicSection>
      )}
    </PublicRegistrationLayout>
  );
}
