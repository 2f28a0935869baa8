import { z } from 'zod';
import { ValidationKey } from '../validation/error-keys.ts';
import { zFileName } from '../validation/file-types.ts';
import { zRichText } from '../validation/rich-text.ts';
import { isHttpsUrl, videoEmbedOf } from './venue-media.ts';

/** The virtual venue's pages (issue 14), named as their SPEC §2.5 portal-menu entries. */
export const VENUE_PAGES = ['lobby', 'exhibition-hall', 'info', 'auditorium', 'virtual-room'] as const;
export type TVenuePage = (typeof VENUE_PAGES)[number];

/** Where a lobby hotspot leads: a venue page or the portal's help desk entry. */
export const HOTSPOT_TARGETS = ['exhibition-hall', 'auditorium', 'help-desk', 'info', 'virtual-room'] as const;
export type THotspotTarget = (typeof HOTSPOT_TARGETS)[number];

/** The error keys this module adds to the domain's (the web translates them under `validation.`). */
export const VenueErrorKey = {
  VideoUrlNotAllowed: 'videoUrlNotAllowed',
  HttpsUrlRequired: 'httpsUrlRequired',
  VideoOrImage: 'videoOrImage',
  UnknownImage: 'unknownImage',
  FileTooLarge: 'fileTooLarge',
} as const;

/** Banner and welcome images: SPEC §5 image types, checked against their magic bytes on the server. */
export const VENUE_IMAGE_MAX_BYTES = 600 * 1024;
export const VENUE_HOTSPOTS_MAX = 12;

const zImageId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const zVideoUrl = z.string().trim().max(500).refine((v) => videoEmbedOf(v) !== null, { message: VenueErrorKey.VideoUrlNotAllowed });
const zHttpsUrl = z.string().trim().max(500).refine(isHttpsUrl, { message: VenueErrorKey.HttpsUrlRequired });
const zHeading = z.string().trim().min(1).max(120);
const zPlainText = z.string().trim().max(2000);
const zPercent = z.number().min(0).max(100);
const zClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: ValidationKey.InvalidTime });

export const ZVenueHotspot = z.strictObject({
  label: z.string().trim().min(1).max(60),
  target: z.enum(HOTSPOT_TARGETS),
  /** Position of the hotspot's centre on the banner, in percent of its width and height. */
  x: zPercent,
  y: zPercent,
});
export type TVenueHotspot = z.infer<typeof ZVenueHotspot>;

export const ZLobbyConfig = z
  .strictObject({
    bannerImageId: zImageId.nullable(),
    /** A welcome video (YouTube, Vimeo or .mp4 over https) or a welcome image, not both. */
    welcomeVideoUrl: zVideoUrl.nullable(),
    welcomeImageId: zImageId.nullable(),
    hotspots: z.array(ZVenueHotspot).max(VENUE_HOTSPOTS_MAX),
  })
  .refine((v) => !(v.welcomeVideoUrl && v.welcomeImageId), { path: ['welcomeImageId'], message: VenueErrorKey.VideoOrImage });
export type TLobbyConfig = z.infer<typeof ZLobbyConfig>;

/** Booth tiles come from the exhibition module once it exists; until then the hall shows its heading and intro. */
export const ZExhibitionHallConfig = z.strictObject({ heading: zHeading, intro: zPlainText });
export type TExhibitionHallConfig = z.infer<typeof ZExhibitionHallConfig>;

/** The live or next session comes from the programme module once it exists; the organiser may set a stream. */
export const ZAuditoriumConfig = z.strictObject({ heading: zHeading, intro: zPlainText, liveStreamUrl: zVideoUrl.nullable() });
export type TAuditoriumConfig = z.infer<typeof ZAuditoriumConfig>;

/** Rich text, refused with SPEC §5 keys and sanitised with DOMPurify on the server before it is stored. */
export const ZInfoConfig = z.strictObject({ title: zHeading, html: zRichText(50_000) });
export type TInfoConfig = z.infer<typeof ZInfoConfig>;

export const ZVirtualRoomConfig = z
  .strictObject({
    title: zHeading,
    description: zPlainText,
    joinUrl: zHttpsUrl,
    /** Optional opening hours, HH:MM in the event's time zone, both or neither. */
    opensAt: zClock.nullable(),
    closesAt: zClock.nullable(),
  })
  .refine((v) => (v.opensAt === null) === (v.closesAt === null), { path: ['closesAt'], message: ValidationKey.Required })
  .refine((v) => !v.opensAt || !v.closesAt || v.opensAt < v.closesAt, { path: ['closesAt'], message: ValidationKey.TimeCompare });
export type TVirtualRoomConfig = z.infer<typeof ZVirtualRoomConfig>;

export type TVenueConfigOf = {
  lobby: TLobbyConfig;
  'exhibition-hall': TExhibitionHallConfig;
  info: TInfoConfig;
  auditorium: TAuditoriumConfig;
  'virtual-room': TVirtualRoomConfig;
};

export const VENUE_CONFIG_SCHEMAS = {
  lobby: ZLobbyConfig,
  'exhibition-hall': ZExhibitionHallConfig,
  info: ZInfoConfig,
  auditorium: ZAuditoriumConfig,
  'virtual-room': ZVirtualRoomConfig,
} as const;

const state = <S extends z.ZodType>(config: S) =>
  z.object({ config: config.nullable(), isPublished: z.boolean(), updatedAt: z.string().nullable() });

/** The organiser's view of the event's venue: each page's saved configuration (null before the first save). */
export const ZVenueSettings = z.object({
  lobby: state(ZLobbyConfig),
  'exhibition-hall': state(ZExhibitionHallConfig),
  info: state(ZInfoConfig),
  auditorium: state(ZAuditoriumConfig),
  'virtual-room': state(ZVirtualRoomConfig),
});
export type TVenueSettings = z.infer<typeof ZVenueSettings>;

export const ZVenuePageState = z.object({ page: z.enum(VENUE_PAGES), isPublished: z.boolean(), updatedAt: z.string().nullable() });
export type TVenuePageState = z.infer<typeof ZVenuePageState>;

export const ZVenuePublishRequest = z.strictObject({ isPublished: z.boolean() });

export const ZVenueImageUpload = z.strictObject({
  fileName: zFileName('image'),
  /** The image bytes, base64 (standard alphabet, no data: prefix). */
  dataBase64: z
    .string()
    .min(8)
    .max(Math.ceil(VENUE_IMAGE_MAX_BYTES / 3) * 4 + 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export type TVenueImageUpload = z.infer<typeof ZVenueImageUpload>;
export const ZVenueImage = z.object({ imageId: z.string(), url: z.string() });

export const ZVenueEventParams = z.object({ eventId: z.string().min(1).max(64) });
export const ZVenuePageParams = z.object({ eventId: z.string().min(1).max(64), page: z.enum(VENUE_PAGES) });
export const ZVenueImageParams = z.object({ imageId: zImageId });

const view = <P extends TVenuePage, S extends z.ZodType>(page: P, config: S) => z.object({ page: z.literal(page), config: config.nullable() });

/**
 * An attendee's read of one page: its published configuration (null when the organiser has not set it up or not
 * published it), the event's name and time zone, and for the virtual room whether it is open now.
 */
export const ZVenuePageView = z.object({
  eventName: z.string(),
  timeZone: z.string(),
  isOpenNow: z.boolean().nullable(),
  content: z.discriminatedUnion('page', [
    view('lobby', ZLobbyConfig),
    view('exhibition-hall', ZExhibitionHallConfig),
    view('info', ZInfoConfig),
    view('auditorium', ZAuditoriumConfig),
    view('virtual-room', ZVirtualRoomConfig),
  ]),
});
export type TVenuePageView = z.infer<typeof ZVenuePageView>;
