import { formatPair, pairCandidates, type TOwnProfile, type TProfileRequest, type TPublicProfile } from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { EventFacts } from '../events/index.ts';
import type { Attendee, RegistrationPort } from '../registration/index.ts';
import { profileErrors } from './profile.errors.ts';
import type { ProfileRepository, ProfileRow } from './profile.repository.ts';

export type ProfileDeps = {
  repo: ProfileRepository;
  registrations: Pick<RegistrationPort, 'attendee' | 'attendeesByEmail' | 'photo' | 'attendeesByIds'>;
  findEvent: (eventId: string) => Promise<EventFacts | null>;
  userEmail: (caller: AuthUser) => Promise<string>;
  /** The owner's own signed photo URL (registration module). */
  photoUrlOf: (registrationId: string, photoUpdatedAt: Date | null) => string | null;
  newId: () => string;
};

/** A registration whose attendee has withdrawn (cancelled, refunded, rejected) invites no one and shows no card. */
const isWithdrawn = (a: Attendee) => a.orderStatus === 'cancelled' || a.orderStatus === 'expired' || a.paymentStatus === 'refunded' || a.approvalStatus === 'disapproved' || a.approvalStatus === 'suspended';

/** A shared profile as other modules may read it: the card only holds what the attendee chose to show. */
export type SharedProfile = {
  registrationId: string;
  eventId: string;
  pair: string;
  firstName: string;
  /** Shown on pl/ (null when the attendee keeps their profile private). */
  card: TPublicProfile | null;
};

export function publicPhotoUrl(pair: string, photoUpdatedAt: Date | null): string | null {
  return photoUpdatedAt ? `/api/eventservices/public/profiles/${encodeURIComponent(pair)}/photo?v=${photoUpdatedAt.getTime()}` : null;
}

function cardOf(row: ProfileRow, a: Attendee): TPublicProfile {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    jobTitle: row.jobTitle,
    company: row.company,
    countryCode: row.countryCode,
    interests: row.interests,
    photoUrl: publicPhotoUrl(formatPair(row.eventId, row.publicId), a.photoUpdatedAt),
  };
}

export function createProfileService(deps: ProfileDeps) {
  const { repo } = deps;

  /** The caller's own registrations (by account email, as the own-photo routes), each with its profile row. */
  async function mine(caller: AuthUser, onlyId?: string): Promise<{ a: Attendee; row: ProfileRow }[]> {
    const email = await deps.userEmail(caller);
    const attendees = (await deps.registrations.attendeesByEmail(email)).filter((a) => !onlyId || a.id === onlyId);
    await repo.ensure(attendees.map((a) => ({ registrationId: a.id, organisationId: a.organisationId, eventId: a.eventId, publicId: deps.newId() })));
    const rows = new Map((await repo.byRegistrations(attendees.map((a) => a.id))).map((r) => [r.registrationId, r]));
    return attendees.flatMap((a) => {
      const row = rows.get(a.id);
      return row ? [{ a, row }] : [];
    });
  }

  async function toOwn({ a, row }: { a: Attendee; row: ProfileRow }, events: Map<string, EventFacts | null>): Promise<TOwnProfile | null> {
    const e = events.get(a.eventId) ?? (await deps.findEvent(a.eventId));
    if (!e) return null;
    return {
      registrationId: a.id,
      eventId: a.eventId,
      eventName: e.name,
      startDate: e.startDate,
      endDate: e.endDate,
      firstName: a.firstName,
      lastName: a.lastName,
      photoUrl: deps.photoUrlOf(a.id, a.photoUpdatedAt),
      jobTitle: row.jobTitle,
      company: row.company,
      countryCode: row.countryCode,
      interests: row.interests,
      isInDirectory: row.isInDirectory,
      isProfilePublic: row.isProfilePublic,
      pair: formatPair(a.eventId, row.publicId),
    };
  }

  /** A share pair's profile: each reading of the pair (domain share/pair.ts) is tried in its event only. */
  async function resolve(pair: string): Promise<{ row: ProfileRow; a: Attendee } | null> {
    for (const { eventId, eventUserId } of pairCandidates(pair).slice(0, 4)) {
      const row = await repo.byShareId(eventId, eventUserId);
      if (!row) continue;
      const a = await deps.registrations.attendee(row.registrationId, eventId);
      return a && !isWithdrawn(a) ? { row, a } : null;
    }
    return null;
  }

  return {
    async mine(caller: AuthUser): Promise<TOwnProfile[]> {
      const list = await mine(caller);
      const events = new Map(await Promise.all([...new Set(list.map((x) => x.a.eventId))].map(async (id) => [id, await deps.findEvent(id)] as const)));
      const out = (await Promise.all(list.map((x) => toOwn(x, events)))).filter((p): p is TOwnProfile => p !== null);
      return out.sort((x, y) => y.startDate.localeCompare(x.startDate));
    },
    async save(caller: AuthUser, registrationId: string, input: TProfileRequest): Promise<TOwnProfile> {
      const [own] = await mine(caller, registrationId);
      if (!own) throw profileErrors.notFound();
      await repo.update(registrationId, input);
      const [saved] = await mine(caller, registrationId);
      const view = saved ? await toOwn(saved, new Map()) : null;
      if (!view) throw profileErrors.notFound();
      return view;
    },
    /** The photo behind a shared profile, while the attendee shows it (pl/ or the directory). */
    async sharedPhoto(pair: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const found = await resolve(pair);
      if (!found || !(found.row.isProfilePublic || found.row.isInDirectory)) return null;
      return deps.registrations.photo(found.a.id);
    },
    /** The port's read: who a pair names, and their card only if public. */
    async shared(pair: string): Promise<SharedProfile | null> {
      const found = await resolve(pair);
      if (!found) return null;
      const { row, a } = found;
      return { registrationId: a.id, eventId: a.eventId, pair: formatPair(row.eventId, row.publicId), firstName: a.firstName, card: row.isProfilePublic ? cardOf(row, a) : null };
    },
    /** The event's networking directory: only attendees who chose to appear, and never a withdrawn registration. */
    async directory(eventId: string, limit = 500): Promise<(TPublicProfile & { pair: string; registrationId: string })[]> {
      const rows = await repo.inDirectory(eventId, limit);
      const attendees = new Map((await deps.registrations.attendeesByIds(rows.map((r) => r.registrationId))).map((a) => [a.id, a]));
      return rows.flatMap((row) => {
        const a = attendees.get(row.registrationId);
        return a && a.eventId === eventId && !isWithdrawn(a) ? [{ ...cardOf(row, a), pair: formatPair(row.eventId, row.publicId), registrationId: a.id }] : [];
      });
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
