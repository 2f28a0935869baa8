import '../programme-i18n.ts';
import { Button, Text } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeCard } from '../../../ui/home-card.tsx';
import { mySpeakerApi, programmeKeys } from '../api/programme-api.ts';

/**
 * The participant home's "My speaker profile" card, for an account the organiser made a speaker of the event whatever
 * its participant type (an attendee invited as a speaker keeps being an attendee): the server says who is one.
 * Nothing shows for anyone else, nor while or when the answer fails.
 */
export function SpeakerHomeCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: programmeKeys.mySpeakerStatus(eventId), queryFn: ({ signal }) => mySpeakerApi.status(eventId, signal), enabled: !!eventId, retry: false });
  if (!status.data?.isSpeaker) return null;
  return (
    <HomeCard icon={<IconMicrophone size={20} />} title={t('programme.mySpeaker.homeTitle')} id="home-speaker">
      <Text size="sm">{t('programme.mySpeaker.homeBody')}</Text>
      <Button component={Link} to={`/attendium/speaker?eventId=${encodeURIComponent(eventId)}`} size="sm" style={{ alignSelf: 'flex-start' }}>
        {t('programme.mySpeaker.title')}
      </Button>
    </HomeCard>
  );
}
