import { z } from 'zod';
import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { UNKNOWN_COUNTRY_KEY, zCountryCode } from '../reference/countries.ts';
import { zFileName } from '../validation/file-types.ts';

/**
 * The hall plan beyond the grid (issue 15): a floor-plan image per hall, drawn under the booths' grid, and the plan as
 * attendees see it (booths with their holders, never prices), plus the filter options of the exhibitors list.
 */

/** A hall's floor-plan image: SPEC §5 image types, checked by magic bytes on the server, at most 5 MB. */
export const HALL_PLAN_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The upload's base64 length allowance (JSON body) plus room for the other fields. */
export const HALL_PLAN_BODY_LIMIT = Math.ceil(HALL_PLAN_IMAGE_MAX_BYTES / 3) * 4 + 64 * 1024;
export const HallPlanErrorKey = { FileTooLarge: 'fileTooLarge' } as const;

const zId = z.string().min(1).max(64);
const zHall = z.string().trim().min(1).max(60);
const zImageId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const ZHallPlanEventParams = z.strictObject({ eventId: zId });
export const ZHallPlanHallQuery = z.strictObject({ hall: zHall });
export const ZHallPlanImageParams = z.strictObject({ imageId: zImageId });

/** Upload (or replace) the floor plan of one hall of the event. */
export const ZHallPlanImageUpload = z.strictObject({
  hall: zHall,
  fileName: zFileName('image'),
  /** The image bytes, base64 (standard alphabet, no data: prefix). */
  dataBase64: z
    .string()
    .min(8)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/)
    .refine((v) => v.length <= Math.ceil(HALL_PLAN_IMAGE_MAX_BYTES / 3) * 4 + 4, { message: HallPlanErrorKey.FileTooLarge }),
});
export type THallPlanImageUpload = z.infer<typeof ZHallPlanImageUpload>;

/** A hall's floor plan as the organiser sees it. `url` is immutable (a replacement is a new id). */
export const ZHallPlanImage = z.object({ hall: z.string(), imageId: z.string(), url: z.string(), fileName: z.string(), contentType: z.string(), byteSize: z.number().int(), updatedAt: z.string() });
export type THallPlanImage = z.infer<typeof ZHallPlanImage>;
export const ZHallPlanImageList = z.array(ZHallPlanImage);
export const ZHallPlanRemoved = z.object({ hall: z.string() });

/** A booth on the attendee's plan: its cells, number and holder (no price, size or stall type). */
export const ZPublicPlanBooth = z.object({
  id: z.string(),
  number: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TPublicPlanBooth = z.infer<typeof ZPublicPlanBooth>;
export const ZPublicHall = z.object({ hall: z.string(), imageUrl: z.string().nullable(), booths: z.array(ZPublicPlanBooth) });
export type TPublicHall = z.infer<typeof ZPublicHall>;
/** `matches`: the companies meeting the plan's filters (the plan highlights their booths and dims the others); null without filters. */
export const ZPublicHallPlan = z.object({ columns: z.number().int(), rows: z.number().int(), halls: z.array(ZPublicHall), matches: z.array(z.string()).nullable() });
export type TPublicHallPlan = z.infer<typeof ZPublicHallPlan>;

/** The exhibitors list's filter options: what the event's companies and booths actually use. */
export const ZExhibitorFilterOptions = z.object({ categories: z.array(z.string()), countries: z.array(z.string()), halls: z.array(z.string()) });
export type TExhibitorFilterOptions = z.infer<typeof ZExhibitorFilterOptions>;

/** The list's filters (combined with `search`): a category, a country (ISO code), a hall the company has a booth in. */
export const ZExhibitorFilters = {
  category: z.string().trim().min(1).max(80).optional(),
  country: zCountryCode()
    .refine((c) => c !== '', { message: UNKNOWN_COUNTRY_KEY })
    .optional(),
  hall: zHall.optional(),
};

/** The plan's filters: the list's category and country (the hall is the plan's own switcher). */
export const ZPublicHallPlanQuery = z.strictObject({ category: ZExhibitorFilters.category, country: ZExhibitorFilters.country });
export type TPublicHallPlanQuery = z.output<typeof ZPublicHallPlanQuery>;

const tags = ['exhibition'];
const ev = '/api/eventservices/events/:eventId/exhibition';

/**
 * Organiser: floor plans per hall under the booths' codes (AP-535 view, AP-537 edit: upload, replace, remove); another
 * organisation's event answers 404. Attendee: the plan and the filter options apply the Exhibitors tab's rules first
 * (portal.assertTabVisible: hidden 404, login required 401, ticket restricted 403). Images are served by an
 * unguessable id (an <img> sends no bearer), cached for good.
 */
export const hallPlanRoutes = defineRoutes({
  hallPlanImages: { method: 'GET', path: `${ev}/hall-plans`, auth: 'organiser', access: 'AP-535', tags, params: ZHallPlanEventParams, response: ZHallPlanImageList },
  /** 400 `fileTypeNotAllowed` (name), `fileContentMismatch` (the bytes are not the type the name says), `fileTooLarge` (> 5 MB). */
  uploadHallPlanImage: { method: 'PUT', path: `${ev}/hall-plans`, auth: 'organiser', access: 'AP-537', tags, params: ZHallPlanEventParams, body: ZHallPlanImageUpload, response: ZHallPlanImage },
  removeHallPlanImage: { method: 'DELETE', path: `${ev}/hall-plans`, auth: 'organiser', access: 'AP-537', tags, params: ZHallPlanEventParams, query: ZHallPlanHallQuery, response: ZHallPlanRemoved },
  hallPlanImage: { method: 'GET', path: '/api/eventservices/public/hall-plan-images/:imageId', auth: 'public', tags, params: ZHallPlanImageParams, response: fileResponse('image/*') },
  /** Every hall of the event: its floor-plan image (or null) and its booths with their holders. */
  publicHallPlan: { method: 'GET', path: '/api/eventservices/public/events/:eventId/hall-plan', auth: 'public', tags, params: ZHallPlanEventParams, query: ZPublicHallPlanQuery, response: ZPublicHallPlan },
  exhibitorFilters: { method: 'GET', path: '/api/eventservices/public/events/:eventId/exhibitor-filters', auth: 'public', tags, params: ZHallPlanEventParams, response: ZExhibitorFilterOptions },
});
