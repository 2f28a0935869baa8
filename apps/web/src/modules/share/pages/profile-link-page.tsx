import '../share-i18n.ts';
import { Avatar, Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconTicket, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { sharePageUrl } from '../api/share-api.ts';
import { EventFacts } from '../components/event-facts.tsx';
import { ShareButtons } from '../components/share-buttons.tsx';
import { ShareLayout, ShareLoading, ShareProblem } from '../components/share-states.tsx';
import { useEventManifest, useProfileCard } from '../hooks.ts';

/** `pl/{eventId-eventUserId}`: the attendee's card (only what they chose to make public), the event and its share options. */
export function ProfileLinkPage() {
  const { t } = useTranslation();
  const { pair = '' } = useParams();
  const card = useProfileCard(pair);
  const data = card.data;
  const name = data ? `${data.profile.firstName} ${data.profile.lastName}`.trim() : '';
  usePageTitle(data ? name : t('share.profileKicker'));
  useEventManifest(data?.event.id);

  if (card.isPending) return <ShareLoading />;
  if (!data) return <ShareProblem error={card.error} missing={t('share.profileMissing')} onRetry={() => void card.refetch()} />;
  const { profile, event } = data;
  const role = [profile.jobTitle, profile.company].filter(Boolean).join(' · ');
  return (
    <ShareLayout>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar src={profile.photoUrl ?? undefined} alt={profile.photoUrl ? t('share.photoAlt', { name }) : ''} size={88} radius={88} data-testid="profile-photo">
            <IconUser size={40} aria-hidden />
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="xs" fw={700} c="brand.8" tt="uppercase" style={{ letterSpacing: '0.05em' }}>
              {t('share.profileKicker')}
            </Text>
            <Title order={1} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {role && (
              <Text c="dimmed" data-testid="profile-role">
                {role}
              </Text>
            )}
          </Stack>
        </Group>
        {profile.interests.length > 0 && (
          <section aria-labelledby="profile-interests">
            <Text id="profile-interests" fw={700} size="sm" mb={6}>
              {t('share.interests')}
            </Text>
            <Group gap={6}>
              {profile.interests.map((tag) => (
                <Badge key={tag} variant="light" tt="none">
                  {tag}
                </Badge>
              ))}
            </Group>
          </section>
        )}
        <Divider label={t('share.at', { event: event.name })} labelPosition="left" />
        <EventFacts event={event} />
        <Button component={Link} to={`/cart-registration/${encodeURIComponent(event.id)}`} size="md" variant="light" leftSection={<IconTicket size={20} aria-hidden />}>
          {t('share.register')}
        </Button>
        <ShareButtons event={event} eventId={event.id} shareOptions={data.shareOptions} pageUrl={sharePageUrl.profile(pair)} />
      </Stack>
    </ShareLayout>
  );
}
