import {
  checkUploadedFile,
  fileExtension,
  isWithinOpeningHours,
  VENUE_IMAGE_MAX_BYTES,
  VENUE_PAGES,
  VenueErrorKey,
  venuePageRefusal,
  type TVenueConfigOf,
  type TVenueImageUpload,
  type TVenuePage,
  type TVenuePageState,
  type TVenuePageView,
  type TVenueSettings,
  type TVirtualRoomConfig,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import { venueErrors } from './venue.errors.ts';
import type { VenuePageRow, VenueRepository } from './venue.repository.ts';

/**
 * The web portal's menu as the event's attendees get it (the portal module's): the SPEC §2.5 defaults or the
 * organiser's saved entries, already filtered by the event's mode and, before the event, by shown-before-the-event.
 */
export type VenuePortalMenu = {
  event: { name: string; eventMode: number; startDate: string; timeZone: string };
  entries: readonly { key: string }[];
};

export type VenueDeps = {
  repo: VenueRepository;
  audit: Audit;
  now: () => Date;
  /** Throws (404) unless the organiser may see the event (the events module's assertEvent). */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  portalMenu: (eventId: string) => Promise<VenuePortalMenu>;
};

const CONTENT_TYPE_OF: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

export const VENUE_IMAGE_PATH = '/api/eventservices/public/venue-images';

const stateOf = (page: TVenuePage, row: VenuePageRow): TVenuePageState => ({ page, isPublished: row.isPublished, updatedAt: row.updatedAt.toISOString() });

export function createVenueService(deps: VenueDeps) {
  const { repo } = deps;

  async function save<P extends TVenuePage>(caller: AuthUser, organisationId: string, eventId: string, page: P, config: TVenueConfigOf[P]): Promise<TVenuePageState> {
    await deps.assertEvent(caller, organisationId, eventId);
    const row = await repo.savePage({ organisationId, eventId, page, config: config as Record<string, unknown>, updatedBy: caller.userId });
    await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'venue.page_saved', target: eventId, meta: { page } });
    return stateOf(page, row);
  }

  return {
    async settings(caller: AuthUser, organisationId: string, eventId: string): Promise<TVenueSettings> {
      await deps.assertEvent(caller, organisationId, eventId);
      const rows = new Map((await repo.pagesOf(organisationId, eventId)).map((r) => [r.page, r]));
      const entry = (page: TVenuePage) => {
        const r = rows.get(page);
        return { config: (r?.config ?? null) as never, isPublished: r?.isPublished ?? false, updatedAt: r?.updatedAt.toISOString() ?? null };
      };
      return Object.fromEntries(VENUE_PAGES.map((p) => [p, entry(p)])) as unknown as TVenueSettings;
    },

    async saveLobby(caller: AuthUser, organisationId: string, eventId: string, config: TVenueConfigOf['lobby']): Promise<TVenuePageState> {
      await deps.assertEvent(caller, organisationId, eventId);
      // Images are the event's own uploads: an id from another event (or made up) is refused by field.
      const fields = (['bannerImageId', 'welcomeImageId'] as const).filter((f) => config[f] !== null);
      const known = await repo.imageIdsOf(organisationId, eventId, fields.map((f) => config[f]!));
      const unknown = fields.filter((f) => !known.has(config[f]!));
      if (unknown.length > 0) throw errors.validation(unknown.map((field) => ({ field, key: VenueErrorKey.UnknownImage })));
      return save(caller, organisationId, eventId, 'lobby', config);
    },
    saveExhibitionHall: (caller: AuthUser, organisationId: string, eventId: string, config: TVenueConfigOf['exhibition-hall']) =>
      save(caller, organisationId, eventId, 'exhibition-hall', config),
    async saveInfo(caller: AuthUser, organisationId: string, eventId: string, config: TVenueConfigOf['info']): Promise<TVenuePageState> {
      return save(caller, organisationId, eventId, 'info', { ...config, html: await sanitizeRichText(config.html) });
    },
    saveAuditorium: (caller: AuthUser, organisationId: string, eventId: string, config: TVenueConfigOf['auditorium']) => save(caller, organisationId, eventId, 'auditorium', config),
    saveVirtualRoom: (caller: AuthUser, organisationId: string, eventId: string, config: TVirtualRoomConfig) => save(caller, organisationId, eventId, 'virtual-room', config),

    async publish(caller: AuthUser, organisationId: string, eventId: string, page: TVenuePage, isPublished: boolean): Promise<TVenuePageState> {
      await deps.assertEvent(caller, organisationId, eventId);
      const row = await repo.setPublished(organisationId, eventId, page, isPublished);
      if (!row) throw venueErrors.pageNotSaved();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: isPublished ? 'venue.page_published' : 'venue.page_unpublished', target: eventId, meta: { page } });
      return stateOf(page, row);
    },

    /** SPEC §5 image types by name, then the bytes must be that type (magic bytes) and within the size limit. */
    async uploadImage(caller: AuthUser, organisationId: string, eventId: string, input: TVenueImageUpload): Promise<{ imageId: string; url: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      const bytes = Buffer.from(input.dataBase64, 'base64');
      if (bytes.length > VENUE_IMAGE_MAX_BYTES) throw errors.validation([{ field: 'dataBase64', key: VenueErrorKey.FileTooLarge }]);
      const problem = checkUploadedFile(input.fileName, bytes, 'image');
      if (problem) throw errors.validation([{ field: problem === 'fileTypeNotAllowed' ? 'fileName' : 'dataBase64', key: problem }]);
      const id = newId();
      const contentType = CONTENT_TYPE_OF[fileExtension(input.fileName)]!;
      await repo.insertImage({ id, eventId, organisationId, contentType, byteSize: bytes.length, bytes, createdBy: caller.userId });
      return { imageId: id, url: `${VENUE_IMAGE_PATH}/${id}` };
    },
    image: (id: string) => repo.image(id),

    /**
     * An attendee's read of one page: only a participant of this event (their event access token names it), only
     * when the event's portal menu lists the page (SPEC §2.5 with the organiser's menu settings), only what the
     * organiser published.
     */
    async page(eventAccess: EventAccess | null, eventId: string, page: TVenuePage): Promise<TVenuePageView> {
      if (!eventAccess || eventAccess.eventId !== eventId) throw venueErrors.notAttendee();
      const { event, entries } = await deps.portalMenu(eventId);
      if (!entries.some((e) => e.key === page)) {
        // Why it is not listed: the spec's rule when that is the reason (in person, before the event), else the organiser hid it.
        const refusal = venuePageRefusal(page, event, deps.now());
        if (refusal === 'VENUE_NOT_IN_EVENT_MODE') throw venueErrors.notInEventMode();
        if (refusal === 'VENUE_BEFORE_EVENT') throw venueErrors.beforeEvent();
        throw venueErrors.hiddenFromMenu();
      }
      const row = await repo.publishedPage(eventId, page);
      const config = (row?.config ?? null) as TVenueConfigOf[TVenuePage] | null;
      const isOpenNow = page === 'virtual-room' && config ? isWithinOpeningHours(config as TVirtualRoomConfig, event.timeZone, deps.now()) : null;
      return { eventName: event.name, timeZone: event.timeZone, isOpenNow, content: { page, config } as TVenuePageView['content'] };
    },
  };
}
export type VenueService = ReturnType<typeof createVenueService>;
