import { type TShareInvitation, type TProfileCard, type TShareEventCard, type TShareOption } from '@pavilion/domain';
import type { DocumentHead } from '../../platform/spa.ts';
import type { EventFacts } from '../events/index.ts';
import type { ProfilePort } from '../profile/index.ts';
import { shareErrors } from './share.errors.ts';
import { initialsOf, parseColour, renderAppIcon, renderPreviewImage, toHex } from './share.images.ts';

export type ShareDeps = {
  findEvent: (eventId: string) => Promise<EventFacts | null>;
  /** Registration's port: the event of a ticket. */
  ticketEventId: (ticketId: string) => Promise<string | null>;
  profiles: Pick<ProfilePort, 'shared'>;
  /** E-badge settings' active share options (the one store of SPEC §3.7 share options). */
  shareOptionsOf: (eventId: string) => Promise<TShareOption[]>;
  eventIcs: (eventId: string, pageUrl: string) => Promise<string>;
  /** The organisation's white labels (workspace): the organiser's own (`orgTeam`) brands the event app. */
  whiteLabels: (organisationId: string) => Promise<{ type: string; displayName: string; primaryColor: string }[]>;
  publicUrl: string;
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const PAIR = /^[A-Za-z0-9_-]{3,129}$/;
const api = '/api/eventservices/public';

/** The attendee app's first tab (the portal's `/tabs/:tabName`) for one event: where the installed app opens. */
export const appStartUrl = (eventId: string) => `/tabs/event-info?eventId=${encodeURIComponent(eventId)}`;
export const manifestUrl = (eventId: string) => `${api}/events/${encodeURIComponent(eventId)}/manifest.webmanifest`;

function card(e: EventFacts): TShareEventCard {
  return { id: e.id, name: e.name, startDate: e.startDate, endDate: e.endDate, timeZone: e.timeZone, venue: e.venue ?? '', description: e.description ?? '' };
}

/** "12 Dec 2026" or "12 – 14 Dec 2026" (the event's own calendar days; no time zone shift). */
export function eventDates(e: Pick<EventFacts, 'startDate' | 'endDate'>): string {
  const f = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return e.startDate === e.endDate ? f(e.startDate) : `${f(e.startDate)} – ${f(e.endDate)}`;
}

/** Icons and previews are drawn once per look (name, colour, size), kept for the process's life, bounded. */
function boundedCache<V>(max: number) {
  const map = new Map<string, V>();
  return (key: string, make: () => V): V => {
    const hit = map.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (map.size >= max) map.delete(map.keys().next().value!);
    map.set(key, value);
    return value;
  };
}

export function createShareService(deps: ShareDeps) {
  const images = boundedCache<Buffer>(200);

  async function event(eventId: string): Promise<EventFacts> {
    const e = ID.test(eventId) ? await deps.findEvent(eventId) : null;
    if (!e) throw shareErrors.eventNotFound();
    return e;
  }

  async function branding(e: EventFacts): Promise<{ shortName: string; colour: string }> {
    const labels = await deps.whiteLabels(e.organisationId);
    const own = labels.find((l) => l.type === 'orgTeam');
    const colour = toHex(parseColour(own?.primaryColor));
    return { shortName: (own?.displayName.trim() || e.name).slice(0, 30), colour };
  }

  async function invitation(pair: string): Promise<TShareInvitation> {
    const shared = PAIR.test(pair) ? await deps.profiles.shared(pair) : null;
    const e = shared ? await deps.findEvent(shared.eventId) : null;
    if (!shared || !e) throw shareErrors.linkNotFound();
    return { event: card(e), inviterFirstName: shared.firstName, shareOptions: await deps.shareOptionsOf(e.id) };
  }

  async function ticketLink(ticketId: string) {
    const eventId = ID.test(ticketId) ? await deps.ticketEventId(ticketId) : null;
    if (!eventId || !(await deps.findEvent(eventId))) throw shareErrors.ticketNotFound();
    return { eventId, ticketId };
  }

  async function profileCard(pair: string): Promise<TProfileCard> {
    const shared = PAIR.test(pair) ? await deps.profiles.shared(pair) : null;
    const e = shared?.card ? await deps.findEvent(shared.eventId) : null;
    if (!shared?.card || !e) throw shareErrors.linkNotFound();
    return { event: card(e), profile: shared.card, shareOptions: await deps.shareOptionsOf(e.id) };
  }

  /** Open Graph and Twitter card tags for a page about an event (the preview image is the event's). */
  async function previewHead(e: EventFacts, page: string, title: string, description: string): Promise<DocumentHead> {
    const { colour } = await branding(e);
    const url = `${deps.publicUrl}${page}`;
    return {
      title,
      description,
      meta: [
        { key: 'og:type', content: 'website' },
        { key: 'og:site_name', content: e.name },
        { key: 'og:title', content: title },
        { key: 'og:description', content: description },
        { key: 'og:url', content: url },
        { key: 'og:image', content: `${deps.publicUrl}${api}/events/${encodeURIComponent(e.id)}/preview.png` },
        { key: 'og:image:width', content: '1200' },
        { key: 'og:image:height', content: '630' },
        { key: 'twitter:card', content: 'summary_large_image' },
        { key: 'twitter:title', content: title },
        { key: 'twitter:description', content: description },
        { key: 'theme-color', content: colour },
      ],
      links: [{ rel: 'manifest', href: manifestUrl(e.id) }],
    };
  }

  const where = (e: EventFacts) => [eventDates(e), e.venue].filter(Boolean).join(' · ');

  return {
    ticketLink,
    invitation,
    profileCard,
    async eventIcs(eventId: string): Promise<string> {
      const e = await event(eventId);
      return deps.eventIcs(e.id, `${deps.publicUrl}/cart-registration/${encodeURIComponent(e.id)}`);
    },
    /** The event app's manifest: the organiser's name and colour, lettermark icons, opening the attendee app. */
    async manifest(eventId: string) {
      const e = await event(eventId);
      const { shortName, colour } = await branding(e);
      const icon = (size: string, purpose: string) => ({ src: `${api}/events/${encodeURIComponent(e.id)}/app-icons/${size}`, sizes: `${size}x${size}`, type: 'image/png', purpose });
      return {
        id: appStartUrl(e.id),
        name: e.name,
        short_name: shortName,
        description: where(e),
        start_url: appStartUrl(e.id),
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: colour,
        icons: [icon('192', 'any'), icon('512', 'any'), icon('512', 'maskable'), icon('180', 'any')],
      };
    },
    async appIcon(eventId: string, size: number): Promise<Buffer> {
      const e = await event(eventId);
      const { colour } = await branding(e);
      return images(`icon:${size}:${colour}:${initialsOf(e.name)}`, () => renderAppIcon(e.name, parseColour(colour), size));
    },
    async previewImage(eventId: string): Promise<Buffer> {
      const e = await event(eventId);
      const { colour } = await branding(e);
      return images(`preview:${colour}:${e.name}:${where(e)}`, () => renderPreviewImage(e.name, where(e), parseColour(colour)));
    },
    /**
     * index.html's head for share pages (link previews) and attendee pages (the event app's manifest). Private or
     * unknown profiles get no head at all: the HTML then says nothing the page would not.
     */
    async documentHead(path: string, query: URLSearchParams): Promise<DocumentHead | null> {
      const [first, second, ...rest] = path.split('/').filter(Boolean);
      if (rest.length > 0) return null;
      try {
        if (first === 'i' && second && PAIR.test(second)) {
          const inv = await invitation(second);
          const e = (await deps.findEvent(inv.event.id))!;
          return previewHead(e, `/i/${second}`, `${inv.inviterFirstName} invites you to ${e.name}`, where(e));
        }
        if (first === 'pl' && second && PAIR.test(second)) {
          const c = await profileCard(second);
          const e = (await deps.findEvent(c.event.id))!;
          const name = `${c.profile.firstName} ${c.profile.lastName}`.trim();
          const role = [c.profile.jobTitle, c.profile.company].filter(Boolean).join(' · ');
          return previewHead(e, `/pl/${second}`, `${name} at ${e.name}`, role || where(e));
        }
        if (first === 'r' && second && ID.test(second)) {
          const { eventId } = await ticketLink(second);
          const e = (await deps.findEvent(eventId))!;
          return previewHead(e, `/r/${second}`, `Register for ${e.name}`, where(e));
        }
      } catch {
        return null;
      }
      // The attendee app (the portal's shells) names its event in the query: link that event's app manifest.
      const eventId = query.get('eventId');
      if ((first === 'tabs' || first?.startsWith('attendium')) && eventId && ID.test(eventId)) {
        const e = await deps.findEvent(eventId);
        if (!e) return null;
        const { colour } = await branding(e);
        return { meta: [{ key: 'theme-color', content: colour }], links: [{ rel: 'manifest', href: manifestUrl(e.id) }] };
      }
      return null;
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
