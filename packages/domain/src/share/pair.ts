/**
 * The `{eventId}-{eventUserId}` pair of the share links `i/…` and `pl/…` (SPEC §2.1).
 *
 * Ids are 96 random bits in base64url (16 characters of `A-Z a-z 0-9 _ -`), so an id may itself contain `-`: the pair
 * cannot be split at "the" dash. `eventUserId` here is the attendee's **share id** (the profile's `publicId`, made for
 * links that are posted in public), never the registration id, which is the e-badge's capability (its QR credential).
 *
 * `pairCandidates` lists every way to read a string as a pair, the 16 + 16 reading first; the server tries them in that
 * order against its rows (an unknown reading is just not found), so an id of another length still works, and a pair is
 * never misread as long as ids are unique.
 */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
export const STANDARD_ID_LENGTH = 16;
export const MAX_PAIR_LENGTH = 129;

export type TPair = { eventId: string; eventUserId: string };

export function formatPair(eventId: string, eventUserId: string): string {
  return `${eventId}-${eventUserId}`;
}

export function pairCandidates(pair: string): TPair[] {
  if (pair.length < 3 || pair.length > MAX_PAIR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(pair)) return [];
  const found: TPair[] = [];
  for (let i = pair.indexOf('-'); i !== -1; i = pair.indexOf('-', i + 1)) {
    const eventId = pair.slice(0, i);
    const eventUserId = pair.slice(i + 1);
    if (ID.test(eventId) && ID.test(eventUserId)) found.push({ eventId, eventUserId });
  }
  const isStandard = (p: TPair) => p.eventId.length === STANDARD_ID_LENGTH && p.eventUserId.length === STANDARD_ID_LENGTH;
  return [...found.filter(isStandard), ...found.filter((p) => !isStandard(p))];
}

/** The one reading of a pair of standard (16-character) ids, or null: what a page can use before asking the server. */
export function parsePair(pair: string): TPair | null {
  const [first] = pairCandidates(pair);
  return first && first.eventId.length === STANDARD_ID_LENGTH && first.eventUserId.length === STANDARD_ID_LENGTH ? first : null;
}
