import type { TTable } from '@pavilion/domain/video/video.schemas';

/**
 * The names of a table's remote video feeds (issue 17), from the server's seat roster keyed by the publisher id the
 * server assigned each seated person in the media server's room. What a participant tells Janus as their display name
 * is never shown: a renamed feed keeps its id and so its server name; a feed whose id is nobody's seat gets `unknown`.
 */
export function feedLabeller(seated: TTable['seated'], unknown: string): (feedId: number) => string {
  const names = new Map<number, string>();
  for (const s of seated) if (s.feedId) names.set(s.feedId, s.name);
  return (feedId) => names.get(feedId) ?? unknown;
}
