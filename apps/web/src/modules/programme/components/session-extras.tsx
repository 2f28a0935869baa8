import { Anchor, Avatar, Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TSchedule, TScheduleSession } from '@pavilion/domain/programme/programme.schemas';

type TSessionBits = Pick<TScheduleSession, 'moderatorIds' | 'sponsorIds' | 'tags' | 'ticketIds'>;
type TNames = Pick<TSchedule, 'speakers' | 'sponsors' | 'tickets'>;

/** "For Gold, VIP holders": the ticket types a restricted session is for (null when anyone may book it). */
export function ticketNotice(s: Pick<TScheduleSession, 'ticketIds'>, data: Pick<TSchedule, 'tickets'>, t: (k: string, o?: Record<string, unknown>) => string): string | null {
  if (s.ticketIds.length === 0) return null;
  const names = data.tickets.filter((x) => s.ticketIds.includes(x.id)).map((x) => x.name);
  return names.length ? t('programme.attendee.forHolders', { tickets: names.join(', ') }) : null;
}

/**
 * What a session shows besides its speakers, wherever attendees see it (Schedule, Agenda, the Auditorium): its
 * moderators (labelled), its ticket restriction, its sponsors (logo and name) and its tags. `compact` is the Agenda's
 * smaller type.
 */
export function SessionExtras({ s, data, compact = false }: { s: TSessionBits; data: TNames; compact?: boolean }) {
  const { t } = useTranslation();
  const size = compact ? 'xs' : 'sm';
  const moderators = s.moderatorIds.flatMap((id) => data.speakers.filter((x) => x.id === id).map((x) => x.name));
  const sponsors = s.sponsorIds.flatMap((id) => data.sponsors.filter((x) => x.id === id));
  const notice = ticketNotice(s, data, t);
  return (
    <>
      {moderators.length > 0 && <Text size={size}>{t('programme.attendee.moderatedBy', { count: moderators.length, names: moderators.join(', ') })}</Text>}
      {notice && (
        <Group gap={4} wrap="nowrap">
          <IconTicket size={16} aria-hidden />
          <Text size={size} fw={600}>
            {notice}
          </Text>
        </Group>
      )}
      {sponsors.length > 0 && (
        <Group gap="xs" aria-label={t('programme.attendee.sponsoredBy')} role="group">
          <Text size="xs" c="dimmed">
            {t('programme.attendee.sponsoredBy')}
          </Text>
          {sponsors.map((sp) => (
            <Group key={sp.id} gap={4} wrap="nowrap">
              {sp.logoUrl && <Avatar src={sp.logoUrl} alt="" size="sm" radius="sm" imageProps={{ loading: 'lazy' }} />}
              {sp.visitUrl ? (
                // The sponsors module's counted click-through (it redirects to the website): a click from a session card counts.
                <Anchor href={sp.visitUrl} target="_blank" rel="noopener noreferrer" size="xs" fw={600} style={{ minHeight: 24, display: 'inline-flex', alignItems: 'center' }}>
                  {sp.name}
                  <VisuallyHidden>{t('programme.attendee.sponsorNewTab')}</VisuallyHidden>
                </Anchor>
              ) : (
                <Text size="xs" fw={600}>
                  {sp.name}
                </Text>
              )}
            </Group>
          ))}
        </Group>
      )}
      {s.tags.length > 0 && (
        <Group gap={4}>
          {s.tags.map((tag) => (
            <Badge key={tag} size="xs" variant="outline" color="gray.7" tt="none">
              #{tag}
            </Badge>
          ))}
        </Group>
      )}
    </>
  );
}
