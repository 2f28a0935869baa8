import { z } from 'zod';
import { ZPageQuery, zPage } from '../common/pagination.ts';
import { isNonBlank } from '../validation/text.ts';
import { zTimeZone } from '../validation/time-zone.ts';
import { refineDateRange } from '../validation/date-range.ts';
import { zRichText } from '../validation/rich-text.ts';
import { EventMode, EventType, LoginIdentifier, RegistrationIdentifier } from './events.enums.ts';

const enumOf = <T extends Record<string, number>>(e: T) =>
  z.union(Object.values(e).map((v) => z.literal(v)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>]);

const zName = z.string().trim().min(1).max(200).refine(isNonBlank, { message: 'required' });
const zIsoDate = z.iso.date();

/** Field rules without defaults: a PATCH must not reset what it does not mention. */
const eventFieldRules = {
  name: zName,
  startDate: zIsoDate,
  endDate: zIsoDate,
  timeZone: zTimeZone(),
  venue: z.string().trim().max(300),
  /** Rich text (SPEC §5: no class attributes, no {{variables}}); the server also sanitises it with DOMPurify. */
  description: zRichText(20_000),
  eventMode: enumOf(EventMode),
  eventType: enumOf(EventType),
  loginIdentifier: enumOf(LoginIdentifier),
  registrationIdentifier: enumOf(RegistrationIdentifier),
  domain: z.string().trim().max(253),
  /** The region whose team may see the event; null for none. */
  regionId: z.string().min(1).max(64).nullable(),
};

const ZEventFields = z.strictObject({
  ...eventFieldRules,
  venue: eventFieldRules.venue.default(''),
  description: eventFieldRules.description.default(''),
  loginIdentifier: eventFieldRules.loginIdentifier.default(LoginIdentifier.Email),
  registrationIdentifier: eventFieldRules.registrationIdentifier.default(RegistrationIdentifier.RegNo),
  domain: eventFieldRules.domain.default(''),
  regionId: eventFieldRules.regionId.default(null),
});

/** SPEC §5 date range: the end must not be before the start (notEquivalent), on the endDate field. */
export const ZEventCreateRequest = ZEventFields.superRefine(refineDateRange('startDate', 'endDate'));
export type TEventCreateRequest = z.infer<typeof ZEventCreateRequest>;

export const ZEventUpdateRequest = z
  .strictObject(eventFieldRules)
  .partial()
  .superRefine(refineDateRange('startDate', 'endDate'));
export type TEventUpdateRequest = z.infer<typeof ZEventUpdateRequest>;

export const ZEvent = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  venue: z.string(),
  description: z.string(),
  eventMode: z.number().int(),
  eventType: z.number().int(),
  loginIdentifier: z.number().int(),
  registrationIdentifier: z.number().int(),
  domain: z.string(),
  regionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEvent = z.infer<typeof ZEvent>;

export const ZEventListQuery = ZPageQuery.extend({
  search: z.string().trim().max(200).optional(),
  eventMode: z.coerce.number().int().min(1).max(3).optional(),
  when: z.enum(['upcoming', 'past', 'all']).default('all'),
});
export type TEventListQuery = z.infer<typeof ZEventListQuery>;
export const ZEventPage = zPage(ZEvent);

export const ZEventIdParams = z.object({ eventId: z.string().min(1).max(64) });

/** What the public event-login page (`ei/{eventId}`) may show before login. */
export const ZPublicEvent = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  venue: z.string(),
  eventMode: z.number().int(),
  loginIdentifier: z.number().int(),
});
export type TPublicEvent = z.infer<typeof ZPublicEvent>;
