import '../share-i18n.ts';
import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { sharePageUrl } from '../api/share-api.ts';
import { EventFacts } from '../components/event-facts.tsx';
import { ShareButtons } from '../components/share-buttons.tsx';
import { ShareLayout, ShareLoading, ShareProblem } from '../components/share-states.tsx';
import { useEventManifest, useInvitation } from '../hooks.ts';

/** `i/{eventId-eventUserId}`: "<First name> invites you to <Event>", the event, a register button and the share options. */
export function InvitationPage() {
  const { t } = useTranslation();
  const { pair = '' } = useParams();
  const invitation = useInvitation(pair);
  const data = invitation.data;
  const title = data ? t('share.invites', { name: data.inviterFirstName, event: data.event.name }) : t('share.kicker');
  usePageTitle(title);
  useEventManifest(data?.event.id);

  if (invitation.isPending) return <ShareLoading />;
  if (!data) return <ShareProblem error={invitation.error} missing={t('share.invitationMissing')} onRetry={() => void invitation.refetch()} />;
  return (
    <ShareLayout>
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="xs" fw={700} c="brand.8" tt="uppercase" style={{ letterSpacing: '0.05em' }}>
            {t('share.kicker')}
          </Text>
          <Title order={1} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        </Stack>
        <EventFacts event={data.event} />
        <Button component={Link} to={`/cart-registration/${encodeURIComponent(data.event.id)}`} size="md" leftSection={<IconTicket size={20} aria-hidden />}>
          {t('share.register')}
        </Button>
        <Divider />
        <ShareButtons event={data.event} eventId={data.event.id} shareOptions={data.shareOptions} pageUrl={sharePageUrl.invitation(pair)} />
      </Stack>
    </ShareLayout>
  );
}
