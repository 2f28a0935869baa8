import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Group, NativeSelect, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBroadcast, IconBuildingStore, IconSearch, IconTicket, IconUserStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TProgramme, TSession } from '@pavilion/domain/programme/programme.schemas';
import { filterSessions, tagsOf } from '../lib/programme-format.ts';

/** The "No room" choice of the room filter (a session without a room). */
const NO_ROOM = '__none__';

/**
 * The organiser's sessions table's search and filters (issue 16): the search matches a title, a speaker's or
 * moderator's name or a tag; track, room (or no room) and tag narrow the list. Only the table's view: nothing is saved.
 */
export function useSessionTableFilter(p: TProgramme) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [trackId, setTrackId] = useState('');
  const [roomId, setRoomId] = useState('');
  const [tag, setTag] = useState('');
  const tags = useMemo(() => tagsOf(p.sessions), [p.sessions]);
  const isFiltered = !!(search.trim() || trackId || roomId || tag);
  const matched = filterSessions(p.sessions, p.speakers, { search, trackId, roomId: roomId === NO_ROOM ? '' : roomId, tag });
  const sessions = roomId === NO_ROOM ? matched.filter((s) => s.roomId === null) : matched;
  const filters = (
    <Group gap="sm" align="flex-end" role="search" aria-label={t('programme.org.tableFilters')}>
      <TextInput
        label={t('programme.org.tableSearch')}
        placeholder={t('programme.org.tableSearchHint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={300}
      />
      <NativeSelect label={t('programme.org.track')} data={[{ value: '', label: t('programme.org.allTracks') }, ...p.tracks.map((x) => ({ value: x.id, label: x.name }))]} value={trackId} onChange={(e) => setTrackId(e.currentTarget.value)} />
      <NativeSelect
        label={t('programme.org.room')}
        data={[{ value: '', label: t('programme.org.allRooms') }, ...p.rooms.map((x) => ({ value: x.id, label: x.name })), { value: NO_ROOM, label: t('programme.org.noRoomFilter') }]}
        value={roomId}
        onChange={(e) => setRoomId(e.currentTarget.value)}
      />
      {tags.length > 0 && <NativeSelect label={t('programme.org.tags')} data={[{ value: '', label: t('programme.org.allTags') }, ...tags.map((x) => ({ value: x, label: `#${x}` }))]} value={tag} onChange={(e) => setTag(e.currentTarget.value)} />}
      {isFiltered && (
        <Text size="sm" c="dimmed" pb={8} aria-live="polite">
          {t('programme.org.shownOf', { shown: sessions.length, total: p.sessions.length })}
        </Text>
      )}
    </Group>
  );
  return { filters, sessions, isFiltered };
}

/** A compact badge whose tooltip (and, for screen readers, hidden text) says it in full. */
function Extra({ icon, short, full, testId }: { icon: ReactNode; short: string; full: string; testId: string }) {
  return (
    <Tooltip label={full} withArrow multiline maw={320} openDelay={150}>
      <Badge size="sm" variant="outline" color="gray.8" leftSection={icon} data-testid={testId} style={{ textTransform: 'none' }}>
        <span aria-hidden>{short}</span>
        <VisuallyHidden>{full}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

/**
 * A session's moderators, sponsors, tags, ticket restriction and stream in one table cell: counts and the first
 * tags, the names in each badge's tooltip.
 */
export function SessionTableExtras({ s, p }: { s: TSession; p: TProgramme }) {
  const { t } = useTranslation();
  const names = (ids: readonly string[], list: readonly { id: string; name: string }[]) => ids.map((id) => list.find((x) => x.id === id)?.name ?? '?').join(', ');
  const shownTags = s.tags.slice(0, 2);
  return (
    <Group gap={4} maw={300}>
      {s.moderatorIds.length > 0 && (
        <Extra testId="extra-moderators" icon={<IconUserStar size={12} aria-hidden />} short={t('programme.org.extraModerators', { count: s.moderatorIds.length })} full={t('programme.org.extraModeratorsFull', { names: names(s.moderatorIds, p.speakers) })} />
      )}
      {s.sponsorIds.length > 0 && (
        <Extra testId="extra-sponsors" icon={<IconBuildingStore size={12} aria-hidden />} short={t('programme.org.extraSponsors', { count: s.sponsorIds.length })} full={t('programme.org.extraSponsorsFull', { names: names(s.sponsorIds, p.sponsors) })} />
      )}
      {s.ticketIds.length > 0 && (
        <Extra testId="extra-tickets" icon={<IconTicket size={12} aria-hidden />} short={t('programme.org.extraTickets', { count: s.ticketIds.length })} full={t('programme.org.extraTicketsFull', { names: names(s.ticketIds, p.tickets) })} />
      )}
      {s.streamUrl && <Extra testId="extra-stream" icon={<IconBroadcast size={12} aria-hidden />} short={t('programme.org.extraStream')} full={t('programme.org.extraStreamFull', { url: s.streamUrl })} />}
      {shownTags.map((tag) => (
        <Badge key={tag} size="sm" variant="outline" color="teal.9" style={{ textTransform: 'none' }} data-testid="extra-tag">
          #{tag}
        </Badge>
      ))}
      {s.tags.length > shownTags.length && (
        <Extra testId="extra-tags-more" icon={null} short={t('programme.org.extraTagsMore', { count: s.tags.length - shownTags.length })} full={t('programme.org.extraTagsFull', { names: s.tags.map((x) => `#${x}`).join(', ') })} />
      )}
    </Group>
  );
}
