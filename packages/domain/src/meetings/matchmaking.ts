/**
 * Matchmaking (issue 18): a pure, deterministic ranking of an event's participants for one of them.
 *
 * Each participant states what they look for and what they offer (tags, at most MAX_MATCH_TAGS each) and brings the
 * interests of their profile. Against another participant the score is
 *   3 × (my "looking for" tags they offer) + 2 × (their "looking for" tags I offer) + 1 × (shared interests),
 * so a match that serves what I came for ranks first. Ties are broken by the stable id (ascending, code-unit
 * order, never locale order), so the same input always gives the same list.
 *
 * Tags are compared by a key: lower-cased, words split on anything that is not a letter or digit, each word stripped
 * of a few English suffixes ("distributors" and "distribution" both read "distribut"), so wording differences
 * between what one person types and another offers still meet. The explanation names the tags as each side typed
 * them, e.g. "both in Renewable energy; you look for distributors, they offer distribution".
 *
 * Speed: `buildMatchIndex` computes the keys once for the event's participants and lays them out flat, and
 * `rankMatches` keeps only the best `limit` in a small sorted array, so one ranking is a single sequential pass of
 * typed-array reads (bench/matchmaking.ts: 20,000 participants with 10 interests each).
 */

export const MAX_MATCH_TAGS = 10;
export const MATCH_WEIGHTS = { theyOffer: 3, theyLookFor: 2, sharedInterest: 1 } as const;
export const DEFAULT_MATCH_LIMIT = 20;

export type TMatchInput = { id: string; interests: readonly string[]; lookingFor: readonly string[]; offering: readonly string[] };

/** One side of a tag list: each distinct key once, with the label as the participant first typed it. */
type TagList = { keys: string[]; labels: Map<string, string> };
export type PreparedMatchProfile = { id: string; interests: TagList; lookingFor: TagList; offering: TagList };

export type TMatchResult = {
  id: string;
  score: number;
  /** Interests both have (their labels as the ranked-for participant typed them). */
  sharedInterests: string[];
  /** What I look for that they offer: `[mine, theirs]` label pairs. */
  theyOffer: [string, string][];
  /** What they look for that I offer: `[theirs, mine]` label pairs. */
  theyLookFor: [string, string][];
  explanation: string;
};

const SUFFIXES = ['ations', 'ation', 'ions', 'ion', 'ors', 'ers', 'ing', 'ies', 'or', 'er', 'es', 's'];

function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) return suffix === 'ies' ? `${word.slice(0, -3)}y` : word.slice(0, -suffix.length);
  }
  // "service" meets "services" (stripped to "servic" above).
  return word.length > 4 && word.endsWith('e') ? word.slice(0, -1) : word;
}

/** The comparison key of a tag ('' when it has no letters or digits). */
export function matchKey(tag: string): string {
  return tag
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem)
    .join(' ');
}

function tagList(tags: readonly string[]): TagList {
  const labels = new Map<string, string>();
  for (const raw of tags) {
    const label = raw.trim();
    const key = matchKey(label);
    if (key && !labels.has(key)) labels.set(key, label);
  }
  return { keys: [...labels.keys()], labels };
}

export function prepareMatchProfile(p: TMatchInput): PreparedMatchProfile {
  return { id: p.id, interests: tagList(p.interests), lookingFor: tagList(p.lookingFor), offering: tagList(p.offering) };
}

/** Kind of a tag, in the two low bits of its code in the index. */
const OFFER = 0;
const LOOK = 1;
const INTEREST = 2;

/**
 * The participants ranked together (one event), laid out for one sequential pass: profiles sorted by id (so the
 * position is the tie-break), every key numbered, and each profile's tags as `code * 4 + kind` in one flat array
 * (`codes[starts[i] .. starts[i + 1]]`). Scoring is then one typed-array read per tag, no hashing, no pointer chasing.
 */
export type MatchIndex = { profiles: PreparedMatchProfile[]; numbers: Map<string, number>; codes: Int32Array; starts: Int32Array };

export function buildMatchIndex(inputs: readonly TMatchInput[]): MatchIndex {
  const byId = new Map<string, TMatchInput>();
  for (const p of inputs) if (!byId.has(p.id)) byId.set(p.id, p);
  const profiles = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map(prepareMatchProfile);
  const numbers = new Map<string, number>();
  const num = (k: string) => {
    let n = numbers.get(k);
    if (n === undefined) numbers.set(k, (n = numbers.size));
    return n;
  };
  const starts = new Int32Array(profiles.length + 1);
  let total = 0;
  for (const p of profiles) total += p.offering.keys.length + p.lookingFor.keys.length + p.interests.keys.length;
  const codes = new Int32Array(total);
  let at = 0;
  profiles.forEach((p, i) => {
    starts[i] = at;
    for (const k of p.offering.keys) codes[at++] = num(k) * 4 + OFFER;
    for (const k of p.lookingFor.keys) codes[at++] = num(k) * 4 + LOOK;
    for (const k of p.interests.keys) codes[at++] = num(k) * 4 + INTEREST;
  });
  starts[profiles.length] = at;
  return { profiles, numbers, codes, starts };
}

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The sentence shown with a match, from the ranked-for participant's point of view. */
export function explainMatch(m: Omit<TMatchResult, 'explanation' | 'score' | 'id'>): string {
  const parts: string[] = [];
  if (m.sharedInterests.length) parts.push(`both in ${listWords(m.sharedInterests)}`);
  if (m.theyOffer.length) parts.push(`you look for ${listWords(m.theyOffer.map((x) => x[0]))}, they offer ${listWords(m.theyOffer.map((x) => x[1]))}`);
  if (m.theyLookFor.length) parts.push(`they look for ${listWords(m.theyLookFor.map((x) => x[0]))}, you offer ${listWords(m.theyLookFor.map((x) => x[1]))}`);
  return parts.join('; ');
}

function detail(me: PreparedMatchProfile, other: PreparedMatchProfile, score: number): TMatchResult {
  const sharedInterests = other.interests.keys.filter((k) => me.interests.labels.has(k)).map((k) => me.interests.labels.get(k)!);
  const theyOffer = other.offering.keys.filter((k) => me.lookingFor.labels.has(k)).map((k): [string, string] => [me.lookingFor.labels.get(k)!, other.offering.labels.get(k)!]);
  const theyLookFor = other.lookingFor.keys.filter((k) => me.offering.labels.has(k)).map((k): [string, string] => [other.lookingFor.labels.get(k)!, me.offering.labels.get(k)!]);
  const base = { sharedInterests, theyOffer, theyLookFor };
  return { id: other.id, score, ...base, explanation: explainMatch(base) };
}

/**
 * The best `limit` matches of `me` among the index's participants (itself, by id, and those with nothing in common
 * left out), best first, each with its explanation. Pure and deterministic: the input order of the index does not
 * change the answer (the index is sorted by id; equal scores keep the smaller id).
 */
export function rankMatches(index: MatchIndex, me: TMatchInput, limit = DEFAULT_MATCH_LIMIT): TMatchResult[] {
  const mine = prepareMatchProfile(me);
  // What each (key, kind) of a candidate is worth to me: their offer of what I look for, their search for what I
  // offer, an interest we share.
  const weight = new Uint8Array(index.numbers.size * 4);
  const mark = (keys: string[], kind: number, w: number) => {
    for (const k of keys) {
      const n = index.numbers.get(k);
      if (n !== undefined) weight[n * 4 + kind] = w;
    }
  };
  mark(mine.lookingFor.keys, OFFER, MATCH_WEIGHTS.theyOffer);
  mark(mine.offering.keys, LOOK, MATCH_WEIGHTS.theyLookFor);
  mark(mine.interests.keys, INTEREST, MATCH_WEIGHTS.sharedInterest);

  const { codes, starts, profiles } = index;
  const top: number[] = [];
  const topScores: number[] = [];
  if (limit <= 0) return [];
  for (let i = 0; i < profiles.length; i++) {
    let score = 0;
    for (let j = starts[i]!, end = starts[i + 1]!; j < end; j++) score += weight[codes[j]!]!;
    // Scanned in id order: an equal score never displaces an earlier (smaller) id.
    if (score === 0 || (top.length === limit && score <= topScores[limit - 1]!)) continue;
    if (profiles[i]!.id === me.id) continue;
    let k = top.length === limit ? limit - 1 : top.length;
    while (k > 0 && score > topScores[k - 1]!) {
      top[k] = top[k - 1]!;
      topScores[k] = topScores[k - 1]!;
      k--;
    }
    top[k] = i;
    topScores[k] = score;
  }
  return top.map((i, r) => detail(mine, profiles[i]!, topScores[r]!));
}
