import '../sponsors-i18n.ts';
import { Button, Text } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeCard } from '../../../ui/home-card.tsx';
import { mySponsorshipApi, sponsorsKeys } from '../api/sponsors-api.ts';

/**
 * The participant home's "My sponsorship" card, for the contact of a sponsor of the event whatever their user type
 * (an attendee named a sponsor's contact keeps being an attendee): the server says whose contact they are. Nothing
 * shows for anyone else, nor while or when the answer fails.
 */
export function SponsorshipHomeCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const mine = useQuery({ queryKey: sponsorsKeys.mine(eventId), queryFn: ({ signal }) => mySponsorshipApi.list(eventId, signal), enabled: !!eventId, retry: false });
  const items = mine.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <HomeCard icon={<IconAward size={20} />} title={t('sponsors.mine.homeTitle')} id="home-sponsorship">
      {items.map((s) => (
        <Text size="sm" key={s.id}>
          {t(s.isAccepted ? 'sponsors.mine.homeBody' : 'sponsors.mine.homeAccept', { name: s.name, tier: s.tierName })}
        </Text>
      ))}
      {items.map((s) => (
        <Button
          key={s.id}
          component={Link}
          to={`/attendium/sponsorship?eventId=${encodeURIComponent(eventId)}&sponsorId=${encodeURIComponent(s.id)}`}
          size="sm"
          aria-label={t('sponsors.mine.openLabel', { name: s.name })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('sponsors.mine.open')}
        </Button>
      ))}
    </HomeCard>
  );
}
