import { z } from 'zod';
import { APP_TAB_NAMES } from '../navigation/app-tabs.ts';
import { PORTAL_ENTRY_KEYS } from '../navigation/capabilities.ts';
import { isNonBlank } from '../validation/text.ts';
import { ValidationKey } from '../validation/error-keys.ts';
import { ZPublicEvent } from '../events/events.schemas.ts';

/**
 * The attendee app's tabs (SPEC §2.4) and the web portal's menu (SPEC §2.5) as an event configures them (issue 14).
 * A save sends the whole list; each refusal names its field with one of these keys.
 */
export const PortalValidationKey = {
  /** A tab or entry appears twice in the list. */
  DuplicateTab: 'duplicateTab',
  /** Two tabs or entries share a display order. */
  DuplicateOrder: 'duplicateOrder',
  /** The list leaves out a tab or entry (a save sends every one). */
  MissingTab: 'missingTab',
  /** An eventMode value outside 1..3 (SPEC §2.5), or one given twice. */
  EventModeRange: 'eventModeRange',
  /** A ticket id that is not a ticket of this event. */
  UnknownTicket: 'unknownTicket',
  /** A menu banner that is not an image uploaded for this event. */
  UnknownBanner: 'unknownBanner',
} as const;

/** A menu banner image: SPEC §5 image types, at most 2 MiB. */
export const PORTAL_BANNER_MAX_BYTES = 2 * 1024 * 1024;

const zTitle = z.string().trim().max(60).refine(isNonBlank, { message: ValidationKey.Required });
const zOrder = z.number().int().min(1).max(1000);
const zId = z.string().min(1).max(64);

export const ZPortalEventParams = z.object({ eventId: zId });
export const ZAppTabParams = z.object({ eventId: zId, tabName: z.string().min(1).max(64) });
export const ZPortalBannerParams = z.object({ bannerId: zId });

/** One tab as the organiser saves it (SPEC §2.4 / §3.6): `menuBanner` is a banner id from the upload route, or ''. */
export const ZAppTabInput = z.strictObject({
  tabName: z.enum(APP_TAB_NAMES),
  title: zTitle,
  displayOrder: zOrder,
  showInMenu: z.boolean(),
  loginRequired: z.boolean(),
  menuBanner: z.string().max(64),
  ticketIds: z.array(zId).max(100),
});
export type TAppTabInput = z.infer<typeof ZAppTabInput>;

/** Refuses a second use of a key or an order in a list, and a list that leaves one out. */
function wholeList<T>(items: readonly T[], ctx: z.RefinementCtx, key: (t: T) => string, order: (t: T) => number, all: readonly string[], keyField: string) {
  const keys = new Set<string>();
  const orders = new Set<number>();
  items.forEach((item, i) => {
    if (keys.has(key(item))) ctx.addIssue({ code: 'custom', message: PortalValidationKey.DuplicateTab, path: [i, keyField] });
    if (orders.has(order(item))) ctx.addIssue({ code: 'custom', message: PortalValidationKey.DuplicateOrder, path: [i, 'displayOrder'] });
    keys.add(key(item));
    orders.add(order(item));
  });
  if (all.some((k) => !keys.has(k))) ctx.addIssue({ code: 'custom', message: PortalValidationKey.MissingTab, path: [] });
}

export const ZAppTabsSaveRequest = z.strictObject({
  tabs: z
    .array(ZAppTabInput)
    .max(APP_TAB_NAMES.length * 2)
    .superRefine((tabs, ctx) => wholeList(tabs, ctx, (t) => t.tabName, (t) => t.displayOrder, APP_TAB_NAMES, 'tabName')),
});
export type TAppTabsSaveRequest = z.infer<typeof ZAppTabsSaveRequest>;

/** A tab as the organiser sees it: the saved (or default) config, its banner's URL and whether it is built. */
export const ZAppTabConfig = z.object({
  tabName: z.enum(APP_TAB_NAMES),
  title: z.string(),
  displayOrder: z.number().int(),
  showInMenu: z.boolean(),
  loginRequired: z.boolean(),
  menuBanner: z.string(),
  bannerUrl: z.string().nullable(),
  ticketIds: z.array(z.string()),
  isBuilt: z.boolean(),
});
export type TAppTabConfig = z.infer<typeof ZAppTabConfig>;

/** `isDefault`: nothing saved yet, these are SPEC §2.4's defaults. */
export const ZAppTabsView = z.object({ tabs: z.array(ZAppTabConfig), isDefault: z.boolean() });
export type TAppTabsView = z.infer<typeof ZAppTabsView>;

/** A menu banner upload: the file's name (SPEC §5 image extensions) and its bytes; the bytes must be that image type. */
export const ZPortalBannerUpload = z.strictObject({
  fileName: z.string().min(1).max(255),
  dataBase64: z
    .string()
    .min(4)
    .max(Math.ceil(PORTAL_BANNER_MAX_BYTES / 3) * 4 + 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: ValidationKey.FileContentMismatch }),
});
export type TPortalBannerUpload = z.infer<typeof ZPortalBannerUpload>;
export const ZPortalBanner = z.object({ bannerId: z.string(), url: z.string() });
export type TPortalBanner = z.infer<typeof ZPortalBanner>;

/** One SPEC §2.5 entry as the organiser saves it. */
export const ZPortalMenuEntryInput = z.strictObject({
  key: z.enum(PORTAL_ENTRY_KEYS),
  title: zTitle,
  displayOrder: zOrder,
  isShown: z.boolean(),
  eventMode: z
    .array(z.number().int())
    .max(3)
    .refine((modes) => modes.every((m) => m >= 1 && m <= 3) && new Set(modes).size === modes.length, { message: PortalValidationKey.EventModeRange }),
  showMenuOnPreEvent: z.boolean(),
});
export type TPortalMenuEntryInput = z.infer<typeof ZPortalMenuEntryInput>;

export const ZPortalMenuSaveRequest = z.strictObject({
  entries: z
    .array(ZPortalMenuEntryInput)
    .max(PORTAL_ENTRY_KEYS.length * 2)
    .superRefine((entries, ctx) => wholeList(entries, ctx, (e) => e.key, (e) => e.displayOrder, PORTAL_ENTRY_KEYS, 'key')),
});
export type TPortalMenuSaveRequest = z.infer<typeof ZPortalMenuSaveRequest>;

export const ZPortalMenuEntryConfig = z.object({
  key: z.enum(PORTAL_ENTRY_KEYS),
  /** The spec's name (SPEC §2.5), whatever the organiser titled it. */
  name: z.string(),
  title: z.string(),
  displayOrder: z.number().int(),
  isShown: z.boolean(),
  eventMode: z.array(z.number().int()),
  showMenuOnPreEvent: z.boolean(),
  isBuilt: z.boolean(),
});
export type TPortalMenuEntryConfig = z.infer<typeof ZPortalMenuEntryConfig>;
export const ZPortalMenuView = z.object({ entries: z.array(ZPortalMenuEntryConfig), isDefault: z.boolean() });
export type TPortalMenuView = z.infer<typeof ZPortalMenuView>;

/** The event as the attendee's shell shows it. `description` is sanitised rich text. */
export const ZPortalEvent = ZPublicEvent.omit({ loginIdentifier: true }).extend({ description: z.string() });
export type TPortalEvent = z.infer<typeof ZPortalEvent>;

/** Who the caller is to this event, as the menus decided. */
export const ZPortalViewer = z.object({
  isSignedIn: z.boolean(),
  /** Registered for this event (or signed in to it at ei/{eventId}), or its organiser. */
  isParticipant: z.boolean(),
});
export type TPortalViewer = z.infer<typeof ZPortalViewer>;

/** One tab of the attendee's menu. */
export const ZAppMenuTab = z.object({
  tabName: z.enum(APP_TAB_NAMES),
  title: z.string(),
  bannerUrl: z.string().nullable(),
  loginRequired: z.boolean(),
});
export type TAppMenuTab = z.infer<typeof ZAppMenuTab>;

/** The app menu for the caller: built, shown tabs they may see, in the configured order. */
export const ZAppMenu = z.object({ event: ZPortalEvent, viewer: ZPortalViewer, tabs: z.array(ZAppMenuTab) });
export type TAppMenu = z.infer<typeof ZAppMenu>;

/**
 * A tab's data: title, banner, whether its capability is built, and for built tabs what it shows (the event for
 * event-info, about-the-event and event-location; the e-badge tab's registrations come from the e-badge module).
 */
export const ZAppTabData = z.object({
  tabName: z.enum(APP_TAB_NAMES),
  title: z.string(),
  bannerUrl: z.string().nullable(),
  isBuilt: z.boolean(),
  content: z.object({ event: ZPortalEvent }).nullable(),
});
export type TAppTabData = z.infer<typeof ZAppTabData>;

/** The web portal's menu for the caller: SPEC §2.5 rules for the event's mode and date, then the organiser's choices. */
export const ZPortalMenu = z.object({
  event: ZPortalEvent,
  isPreEvent: z.boolean(),
  entries: z.array(z.object({ key: z.enum(PORTAL_ENTRY_KEYS), title: z.string(), isBuilt: z.boolean() })),
});
export type TPortalMenu = z.infer<typeof ZPortalMenu>;
