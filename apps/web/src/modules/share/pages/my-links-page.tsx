import '../share-i18n.ts';
import type { ReactNode } from 'react';
import { Button, CopyButton, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconLink, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TOwnProfile } from '@pavilion/domain/profile/profile.schemas';
import { homeForCurrentUser } from '../../../app/guards.tsx';
import { AttendeePage } from '../../../ui/attendee-page.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formatDateRange } from '../../../ui/format.ts';
import { ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useMyProfiles } from '../../profile/index.ts';
import { shareAssetUrl, sharePageUrl } from '../api/share-api.ts';
import { ShareButtons } from '../components/share-buttons.tsx';
import { useInvitation } from '../hooks.ts';

export type TLinkKind = 'i' | 'pl' | 'ic';

function LinkField({ label, url }: { label: string; url: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} value={url} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} aria-label={`${t('share.buttons.copy')}: ${label}`}>
            {copied ? t('share.buttons.copied') : t('share.buttons.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** One registration's three share sections, the route's own first (i: invitation, pl: profile link, ic: card and calendar). */
function EventLinks({ profile, kind }: { profile: TOwnProfile; kind: TLinkKind }) {
  const { t } = useTranslation();
  const invitation = sharePageUrl.invitation(profile.pair);
  const profileUrl = sharePageUrl.profile(profile.pair);
  // The invitation read carries the event and the organiser's share options (the same the i/ page shows).
  const shared = useInvitation(profile.pair);
  const label = (what: string) => t('share.mine.linkLabel', { what, event: profile.eventName });
  const sections: Record<TLinkKind, ReactNode> = {
    i: (
      <Stack gap={6} key="i">
        <LinkField label={label(t('share.mine.invitation'))} url={invitation} />
        <Text size="sm" c="dimmed">
          {t('share.mine.invitationHelp')}
        </Text>
        <Group gap="xs">
          <Button component={Link} to={`/i/${encodeURIComponent(profile.pair)}`} size="sm" variant="default" leftSection={<IconExternalLink size={16} aria-hidden />} aria-label={`${t('share.mine.open')}: ${label(t('share.mine.invitation'))}`}>
            {t('share.mine.open')}
          </Button>
        </Group>
      </Stack>
    ),
    pl: (
      <Stack gap={6} key="pl">
        <LinkField label={label(t('share.mine.profile'))} url={profileUrl} />
        <Text size="sm" c={profile.isProfilePublic ? 'dimmed' : '#b54708'} data-testid="profile-link-state">
          {profile.isProfilePublic ? t('share.mine.profilePublic') : t('share.mine.profilePrivate')}
        </Text>
        <Group gap="xs">
          <Button component={Link} to={`/attendium/profile?registrationId=${encodeURIComponent(profile.registrationId)}`} size="sm" variant="default" leftSection={<IconUserEdit size={16} aria-hidden />}>
            {t('share.mine.editProfile')}
          </Button>
        </Group>
      </Stack>
    ),
    ic: (
      <Stack gap={6} key="ic">
        <Text fw={600} size="sm">
          {t('share.mine.card')}
        </Text>
        <Image src={shareAssetUrl.preview(profile.eventId)} alt={t('share.mine.cardAlt', { event: profile.eventName })} radius="sm" maw={480} style={{ aspectRatio: '1200 / 630' }} />
        {shared.data ? (
          <ShareButtons event={shared.data.event} eventId={profile.eventId} shareOptions={shared.data.shareOptions} pageUrl={invitation} headingLevel={3} />
        ) : shared.isError ? (
          <ListError error={shared.error} onRetry={() => void shared.refetch()} />
        ) : (
          <ListLoading rows={1} />
        )}
      </Stack>
    ),
  };
  const order: TLinkKind[] = [kind, ...(['i', 'pl', 'ic'] as const).filter((k) => k !== kind)];
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {profile.eventName}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateRange(profile.startDate, profile.endDate)}
          </Text>
        </Stack>
        {order.map((k) => sections[k])}
      </Stack>
    </Paper>
  );
}

/**
 * `i`, `pl` and `ic` without ids (SPEC §2.1's generic forms): the signed-in attendee's own links, per registration of
 * theirs: `i` opens on the invitation link, `pl` on the profile link, `ic` on the invitation card and calendar.
 */
export function MyLinksPage({ kind }: { kind: TLinkKind }) {
  const { t } = useTranslation();
  const list = useMyProfiles();
  usePageTitle(t('share.mine.title'));
  return (
    <AttendeePage back={{ to: homeForCurrentUser(), label: t('share.mine.home') }} title={t('share.mine.title')} intro={t('share.mine.intro')}>
      {list.isPending ? (
        <ListLoading rows={3} />
      ) : list.isError ? (
        <ListError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Paper withBorder>
          <EmptyState icon={<IconLink size={32} />} title={t('share.mine.empty')} description={t('share.mine.emptyBody')} />
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.data.map((p) => (
            <EventLinks key={p.registrationId} profile={p} kind={kind} />
          ))}
        </Stack>
      )}
    </AttendeePage>
  );
}
