import {
  APP_TAB_NAMES,
  DEFAULT_APP_TABS,
  PORTAL_BANNER_MAX_BYTES,
  PORTAL_MENU,
  PortalValidationKey,
  checkUploadedFile,
  fileExtension,
  isAppTabBuilt,
  isBeforeEventStart,
  isPortalEntryBuilt,
  type TAppMenu,
  type TAppTabConfig,
  type TAppTabData,
  type TAppTabName,
  type TAppTabsSaveRequest,
  type TAppTabsView,
  type TFieldError,
  type TPortalBanner,
  type TPortalBannerUpload,
  type TPortalEntryKey,
  type TPortalEvent,
  type TPortalMenu,
  type TPortalMenuEntryConfig,
  type TPortalMenuSaveRequest,
  type TPortalMenuView,
  type TPortalViewer,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import { hasAccess, type AuthUser, type EventAccess } from '../../platform/auth-guard.ts';
import { newId } from '../../platform/ids.ts';
import type { EventFacts } from '../events/index.ts';
import type { Attendee } from '../registration/index.ts';
import { portalErrors } from './portal.errors.ts';
import type { AppTabRow, MenuEntryRow, PortalRepository } from './portal.repository.ts';

export const BANNER_PATH = '/api/eventservices/public/portal-banners';
const bannerUrl = (id: string): string | null => (id ? `${BANNER_PATH}/${id}` : null);

const IMAGE_TYPE_OF: Record<string, string> = { jpeg: 'image/jpeg', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', bmp: 'image/bmp', webp: 'image/webp' };

/** Who is asking, as the auth guard read the request (both null for an anonymous visitor). */
export type PortalCaller = { user: AuthUser | null; eventAccess: EventAccess | null };

/** What the menus decide on: who the caller is to this event, and which of its tickets they hold. */
export type Viewer = TPortalViewer & { isOrganiser: boolean; heldTicketIds: ReadonlySet<string> };

export type TabRule = Pick<TAppTabConfig, 'showInMenu' | 'loginRequired' | 'ticketIds'> & { tabName: string };

export type TabRefusal = 'notAvailable' | 'loginRequired' | 'notParticipant' | 'ticketRestricted';

/**
 * THE visibility rule of a tab (menu and data alike): why `viewer` may not see it, or null. A tab the organiser hides
 * is not available; a login-required tab needs a signed-in participant; a ticket-restricted tab needs a registration
 * of this event (approved and paid) holding one of its tickets. The event's organiser sees every shown tab. Whether
 * the tab's capability is built is asked separately (menus list only built tabs; `isBuilt` in the tab's data).
 */
export function tabRefusal(tab: TabRule, viewer: Viewer): TabRefusal | null {
  if (!tab.showInMenu) return 'notAvailable';
  const isRestricted = tab.ticketIds.length > 0;
  if ((tab.loginRequired || isRestricted) && !viewer.isSignedIn) return 'loginRequired';
  if (viewer.isOrganiser) return null;
  if (tab.loginRequired && !viewer.isParticipant) return 'notParticipant';
  if (isRestricted && !tab.ticketIds.some((id) => viewer.heldTicketIds.has(id))) return 'ticketRestricted';
  return null;
}

/** The SPEC §2.5 rule with the organiser's config: shown, suits the event's mode, and (before the event) shown early. */
export function isEntryVisible(entry: Pick<TPortalMenuEntryConfig, 'isShown' | 'eventMode' | 'showMenuOnPreEvent'>, eventMode: number, isPreEvent: boolean): boolean {
  return entry.isShown && entry.eventMode.includes(eventMode) && (!isPreEvent || entry.showMenuOnPreEvent);
}

export type PortalDeps = {
  repo: PortalRepository;
  audit: Audit;
  now: () => Date;
  /** 404 unless the caller's organisation (and item scope) holds the event. */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEvent: (eventId: string) => Promise<EventFacts | null>;
  /** The event's ticket ids (registration's index). */
  eventTicketIds: (eventId: string) => Promise<string[]>;
  /** Registration's port: a person's registrations, by their account email. */
  attendeesByEmail: (email: string) => Promise<Attendee[]>;
  isAdmissible: (a: Attendee) => boolean;
  userEmail: (caller: AuthUser) => Promise<string>;
};

function defaultTabs(): TAppTabConfig[] {
  return DEFAULT_APP_TABS.map((t) => ({ ...t, ticketIds: [...t.ticketIds], bannerUrl: null, isBuilt: isAppTabBuilt(t.tabName) }));
}

/** Saved rows over the defaults: a tab the spec adds later than the save joins at the end, as the default has it. */
function tabsFrom(rows: AppTabRow[]): TAppTabConfig[] {
  const byName = new Map(rows.map((r) => [r.tabName, r]));
  const maxOrder = Math.max(0, ...rows.map((r) => r.displayOrder));
  return defaultTabs()
    .map((d): TAppTabConfig => {
      const r = byName.get(d.tabName);
      if (!r) return { ...d, displayOrder: maxOrder + d.displayOrder };
      return { ...d, title: r.title, displayOrder: r.displayOrder, showInMenu: r.showInMenu, loginRequired: r.loginRequired, menuBanner: r.menuBanner, bannerUrl: bannerUrl(r.menuBanner), ticketIds: r.ticketIds };
    })
    .sort((a, b) => a.displayOrder - b.displayOrder);
}

function defaultEntries(): TPortalMenuEntryConfig[] {
  return PORTAL_MENU.map((e, i) => ({
    key: e.key as TPortalEntryKey,
    name: e.name,
    title: e.name,
    displayOrder: i + 1,
    isShown: true,
    eventMode: [...e.eventMode],
    showMenuOnPreEvent: e.showMenuOnPreEvent,
    isBuilt: isPortalEntryBuilt(e.key),
  }));
}

function entriesFrom(rows: MenuEntryRow[]): TPortalMenuEntryConfig[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const maxOrder = Math.max(0, ...rows.map((r) => r.displayOrder));
  return defaultEntries()
    .map((d): TPortalMenuEntryConfig => {
      const r = byKey.get(d.key);
      if (!r) return { ...d, displayOrder: maxOrder + d.displayOrder };
      return { ...d, title: r.title, displayOrder: r.displayOrder, isShown: r.isShown, eventMode: r.eventMode, showMenuOnPreEvent: r.showMenuOnPreEvent };
    })
    .sort((a, b) => a.displayOrder - b.displayOrder);
}

const portalEvent = (e: EventFacts): TPortalEvent => ({
  id: e.id,
  name: e.name,
  startDate: e.startDate,
  endDate: e.endDate,
  timeZone: e.timeZone,
  venue: e.venue ?? '',
  eventMode: e.eventMode,
  description: e.description ?? '',
});

export function createPortalService(deps: PortalDeps) {
  const { repo } = deps;

  async function eventOrThrow(eventId: string): Promise<EventFacts> {
    const e = await deps.findEvent(eventId);
    if (!e) throw portalErrors.eventNotFound();
    return e;
  }

  async function viewerOf(e: EventFacts, caller: PortalCaller): Promise<Viewer> {
    const { user } = caller;
    if (!user) return { isSignedIn: false, isParticipant: false, isOrganiser: false, heldTicketIds: new Set() };
    if (user.organisationId && user.organisationId === e.organisationId) {
      return { isSignedIn: true, isParticipant: true, isOrganiser: true, heldTicketIds: new Set() };
    }
    const email = await deps.userEmail(user);
    const mine = (await deps.attendeesByEmail(email)).filter((a) => a.eventId === e.id);
    const held = new Set(mine.filter((a) => deps.isAdmissible(a)).map((a) => a.ticketId));
    const isSignedInToEvent = caller.eventAccess?.eventId === e.id;
    return { isSignedIn: true, isParticipant: isSignedInToEvent || mine.length > 0, isOrganiser: false, heldTicketIds: held };
  }

  async function configuredTabs(e: EventFacts): Promise<TAppTabConfig[]> {
    const rows = await repo.appTabs(e.organisationId, e.id);
    return rows.length ? tabsFrom(rows) : defaultTabs();
  }

  function refuse(reason: TabRefusal): never {
    if (reason === 'loginRequired') throw portalErrors.loginRequired();
    if (reason === 'notParticipant') throw portalErrors.notParticipant();
    if (reason === 'ticketRestricted') throw portalErrors.ticketRestricted();
    throw portalErrors.notAvailable();
  }

  /** The tab as `caller` may see it (built or not); 404/401/403 otherwise. */
  async function visibleTab(eventId: string, tabName: string, caller: PortalCaller): Promise<{ event: EventFacts; tab: TAppTabConfig; viewer: Viewer }> {
    if (!(APP_TAB_NAMES as readonly string[]).includes(tabName)) throw portalErrors.notAvailable();
    const event = await eventOrThrow(eventId);
    const tab = (await configuredTabs(event)).find((t) => t.tabName === tabName)!;
    const viewer = await viewerOf(event, caller);
    const reason = tabRefusal(tab, viewer);
    if (reason) refuse(reason);
    return { event, tab, viewer };
  }

  /**
   * The port later capability modules call from their own data endpoints: throws as the tab data route answers
   * (404 TAB_NOT_AVAILABLE when hidden or not built, 401 TAB_LOGIN_REQUIRED, 403 TAB_NOT_PARTICIPANT or
   * TAB_TICKET_RESTRICTED) unless `caller` may see the tab; answers the event, the tab and who the caller is.
   */
  async function assertTabVisible(eventId: string, tabName: string, caller: PortalCaller): Promise<{ event: EventFacts; tab: TAppTabConfig; viewer: Viewer }> {
    const seen = await visibleTab(eventId, tabName, caller);
    if (!seen.tab.isBuilt) throw portalErrors.notAvailable();
    return seen;
  }

  async function checkReferences(organisationId: string, eventId: string, tabs: TAppTabsSaveRequest['tabs']): Promise<TFieldError[]> {
    const tickets = new Set(await deps.eventTicketIds(eventId));
    const banners = await repo.bannerIdsOfEvent(organisationId, eventId, tabs.map((t) => t.menuBanner).filter(Boolean));
    const errors: TFieldError[] = [];
    tabs.forEach((t, i) => {
      if (t.ticketIds.some((id) => !tickets.has(id))) errors.push({ field: `tabs.${i}.ticketIds`, key: PortalValidationKey.UnknownTicket });
      if (t.menuBanner && !banners.has(t.menuBanner)) errors.push({ field: `tabs.${i}.menuBanner`, key: PortalValidationKey.UnknownBanner });
    });
    return errors;
  }

  async function organiserEvent(caller: AuthUser, organisationId: string, eventId: string): Promise<EventFacts> {
    await deps.assertEvent(caller, organisationId, eventId);
    return eventOrThrow(eventId);
  }

  /**
   * The port for the web portal's own entries (SPEC §2.5): throws 404 TAB_NOT_AVAILABLE unless the event's portal menu
   * shows `entryKey` now (the organiser's config, the event's mode, before the event) and it is built.
   */
  async function assertEntryVisible(eventId: string, entryKey: string): Promise<void> {
    const event = await eventOrThrow(eventId);
    const rows = await repo.menuEntries(event.organisationId, event.id);
    const isPreEvent = isBeforeEventStart(event.startDate, event.timeZone, deps.now());
    const entry = (rows.length ? entriesFrom(rows) : defaultEntries()).find((e) => e.key === entryKey);
    if (!entry || !entry.isBuilt || !isEntryVisible(entry, event.eventMode, isPreEvent)) throw portalErrors.notAvailable();
  }

  return {
    assertTabVisible,
    assertEntryVisible,

    async appTabs(caller: AuthUser, organisationId: string, eventId: string): Promise<TAppTabsView> {
      await deps.assertEvent(caller, organisationId, eventId);
      const rows = await repo.appTabs(organisationId, eventId);
      return { tabs: rows.length ? tabsFrom(rows) : defaultTabs(), isDefault: rows.length === 0 };
    },

    async saveAppTabs(caller: AuthUser, organisationId: string, eventId: string, input: TAppTabsSaveRequest): Promise<TAppTabsView> {
      const event = await organiserEvent(caller, organisationId, eventId);
      const errors = await checkReferences(organisationId, eventId, input.tabs);
      if (errors.length) throw portalErrors.invalid(errors);
      // Moving a tab is its own permission (AP-30 Reorder); editing titles, flags and tickets is AP-29.
      const before = (await configuredTabs(event)).map((t) => t.tabName).join();
      const after = [...input.tabs].sort((a, b) => a.displayOrder - b.displayOrder).map((t) => t.tabName).join();
      if (before !== after && !hasAccess(caller, 'AP-30')) throw portalErrors.reorderDenied();
      await repo.replaceAppTabs(
        organisationId,
        eventId,
        input.tabs.map((t) => ({ tabName: t.tabName, title: t.title, displayOrder: t.displayOrder, showInMenu: t.showInMenu, loginRequired: t.loginRequired, menuBanner: t.menuBanner, ticketIds: [...new Set(t.ticketIds)] })),
      );
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'portal.appTabs.saved', target: eventId });
      return { tabs: tabsFrom(await repo.appTabs(organisationId, eventId)), isDefault: false };
    },

    async uploadBanner(caller: AuthUser, organisationId: string, eventId: string, input: TPortalBannerUpload): Promise<TPortalBanner> {
      await deps.assertEvent(caller, organisationId, eventId);
      const bytes = Buffer.from(input.dataBase64, 'base64');
      if (bytes.length === 0 || bytes.length > PORTAL_BANNER_MAX_BYTES) throw portalErrors.invalid([{ field: 'dataBase64', key: 'fileTooLarge' }]);
      const problem = checkUploadedFile(input.fileName, bytes, 'image');
      if (problem) throw portalErrors.invalid([{ field: problem === 'fileTypeNotAllowed' ? 'fileName' : 'dataBase64', key: problem }]);
      const id = newId();
      await repo.insertBanner({ id, organisationId, eventId, contentType: IMAGE_TYPE_OF[fileExtension(input.fileName)]!, bytes, createdBy: caller.userId });
      return { bannerId: id, url: bannerUrl(id)! };
    },

    async banner(bannerId: string): Promise<{ contentType: string; bytes: Buffer }> {
      const b = await repo.banner(bannerId);
      if (!b) throw portalErrors.bannerNotFound();
      return b;
    },

    async portalMenu(caller: AuthUser, organisationId: string, eventId: string): Promise<TPortalMenuView> {
      await deps.assertEvent(caller, organisationId, eventId);
      const rows = await repo.menuEntries(organisationId, eventId);
      return { entries: rows.length ? entriesFrom(rows) : defaultEntries(), isDefault: rows.length === 0 };
    },

    async savePortalMenu(caller: AuthUser, organisationId: string, eventId: string, input: TPortalMenuSaveRequest): Promise<TPortalMenuView> {
      await deps.assertEvent(caller, organisationId, eventId);
      await repo.replaceMenuEntries(
        organisationId,
        eventId,
        input.entries.map((e) => ({ key: e.key, title: e.title, displayOrder: e.displayOrder, isShown: e.isShown, eventMode: [...e.eventMode].sort(), showMenuOnPreEvent: e.showMenuOnPreEvent })),
      );
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'portal.menu.saved', target: eventId });
      return { entries: entriesFrom(await repo.menuEntries(organisationId, eventId)), isDefault: false };
    },

    /** The attendee app's menu for this caller: shown, built tabs they may see, in order. */
    async appMenu(eventId: string, caller: PortalCaller): Promise<TAppMenu> {
      const event = await eventOrThrow(eventId);
      const [tabs, viewer] = await Promise.all([configuredTabs(event), viewerOf(event, caller)]);
      return {
        event: portalEvent(event),
        viewer: { isSignedIn: viewer.isSignedIn, isParticipant: viewer.isParticipant },
        tabs: tabs.filter((t) => t.isBuilt && tabRefusal(t, viewer) === null).map((t) => ({ tabName: t.tabName, title: t.title, bannerUrl: t.bannerUrl, loginRequired: t.loginRequired })),
      };
    },

    /** A tab's data: refused as the menu would leave it out, except that an unbuilt tab answers `isBuilt: false`. */
    async appTab(eventId: string, tabName: string, caller: PortalCaller): Promise<TAppTabData> {
      const { event, tab } = await visibleTab(eventId, tabName, caller);
      return { tabName: tab.tabName as TAppTabName, title: tab.title, bannerUrl: tab.bannerUrl, isBuilt: tab.isBuilt, content: tab.isBuilt ? { event: portalEvent(event) } : null };
    },

    /** The web portal's menu: the organiser's entries that suit the event's mode and, before it starts (its time zone), show early. */
    async portalMenuForCaller(eventId: string): Promise<TPortalMenu> {
      const event = await eventOrThrow(eventId);
      const rows = await repo.menuEntries(event.organisationId, event.id);
      const isPreEvent = isBeforeEventStart(event.startDate, event.timeZone, deps.now());
      const entries = (rows.length ? entriesFrom(rows) : defaultEntries()).filter((e) => isEntryVisible(e, event.eventMode, isPreEvent));
      return { event: portalEvent(event), isPreEvent, entries: entries.map((e) => ({ key: e.key, title: e.title, isBuilt: e.isBuilt })) };
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
