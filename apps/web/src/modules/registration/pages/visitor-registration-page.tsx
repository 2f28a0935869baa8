import '../public-i18n.ts';
import { useState } from 'react';
import { Button, Radio, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { MissingEvent } from '../components/public/missing-event.tsx';
import { PublicRegistrationLayout, PublicSection } from '../components/public/public-registration-layout.tsx';
import { PublicEmpty, PublicLoading, PublicProblem } from '../components/public/public-states.tsx';
import { VisitorCheckout } from '../components/public/visitor-checkout.tsx';
import { usePublicCategories } from '../hooks/use-public-registration.ts';

/**
 * `visitorregistration?eventId=` (choose a visitor category first) and `visitors/{categoryName}?eventId=` (the
 * category is in the link). Both end in the visitor checkout; with manual approval the organiser approves later.
 */
export function VisitorRegistrationPage() {
  const { t } = useTranslation();
  const { categoryName } = useParams();
  const [params] = useSearchParams();
  const eventId = params.get('eventId') ?? '';
  const categories = usePublicCategories(eventId, categoryName);
  const [choice, setChoice] = useState('');
  const [chosenId, setChosenId] = useState('');
  const kicker = t('registration.public.kickerVisitor');
  usePageTitle(kicker);

  if (!eventId) return <MissingEvent kicker={kicker} />;
  if (categories.isPending) return <PublicLoading kicker={kicker} />;
  if (categories.isError) return <PublicProblem kicker={kicker} error={categories.error} onRetry={() => void categories.refetch()} />;
  const list = categories.data;
  const direct = categoryName ? list.find((c) => c.slug === categoryName) : undefined;
  if (categoryName && !direct) return <PublicProblem kicker={kicker} message={t('registration.public.categoryNotFound')} />;
  const chosen = direct ?? list.find((c) => c.id === chosenId);
  if (chosen) return <VisitorCheckout eventId={eventId} category={chosen} kicker={kicker} />;

  return (
    <PublicRegistrationLayout kicker={kicker} event={null} footer={t('registration.public.footer')}>
      {list.length === 0 ? (
        <PublicEmpty icon={<IconUsersGroup size={28} />} title={t('registration.public.noCategories')} body={t('registration.public.noCategoriesBody')} />
      ) : (
        <PublicSection title={t('registration.public.visitorTitle')} description={t('registration.public.visitorHint')}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (choice) setChosenId(choice);
            }}
          >
            <Stack gap="md">
              <Radio.Group value={choice} onChange={setChoice} label={t('registration.public.visitorCategory')} withAsterisk>
                <Stack gap="xs" mt="xs">
                  {list.map((c) => (
                    <label key={c.id} className="reg-option-card">
                      <Radio value={c.id} label={<Text fw={600}>{c.name}</Text>} description={c.description || undefined} />
                    </label>
                  ))}
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
