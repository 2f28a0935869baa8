import { describe, expect, it } from 'vitest';
import { createVideoTokenClient, VideoSessionExpired } from './video-token.ts';

type Body = { cn: string; uId: string; rtcr: string; tet: number };
const unauthorised = { status: 'ERROR', code: 'UNAUTHORISED', message: 'no' };

function harness(answers: ('ok' | 401 | 500)[], renewed: (string | null)[] = ['fresh']) {
  const sent: Body[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let expired = 0;
  let refreshes = 0;
  const client = createVideoTokenClient({
    request: async (body) => {
      sent.push(body);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      const a = answers.shift() ?? 'ok';
      if (a === 'ok') return { key: `key-${body.cn}-${sent.length}` };
      throw a === 401 ? unauthorised : { status: 'ERROR', code: 'INTERNAL', message: 'boom' };
    },
    refresh: async () => {
      refreshes++;
      return renewed.shift() ?? null;
    },
    userId: () => 'u1',
    statusOf: (err) => (err === unauthorised ? 401 : 500),
    onExpired: () => expired++,
  });
  return { client, sent, stats: () => ({ maxInFlight, expired, refreshes }) };
}

describe('video token client (SPEC §4, §7, §8)', () => {
  it('sends cn, uId, rtcr and tet 3,600, one request at a time', async () => {
    const h = harness([]);
    const keys = await Promise.all([h.client.token('a'), h.client.token('b'), h.client.token('c')]);
    expect(keys).toEqual(['key-a-1', 'key-b-2', 'key-c-3']);
    expect(h.sent[0]).toEqual({ cn: 'a', uId: 'u1', rtcr: 'publisher', tet: 3600 });
    expect(h.stats().maxInFlight).toBe(1);
  });

  it('on a 401 renews the access token and retries once', async () => {
    const h = harness([401, 'ok']);
    expect(await h.client.token('call-1')).toBe('key-call-1-2');
    expect(h.stats()).toMatchObject({ refreshes: 1, expired: 0 });
  });

  it('shows the session-expired dialog after a second 401, or when the renewal is refused', async () => {
    const twice = harness([401, 401]);
    await expect(twice.client.token('x')).rejects.toBeInstanceOf(VideoSessionExpired);
    expect(twice.stats()).toMatchObject({ refreshes: 1, expired: 1 });
    expect(twice.sent).toHaveLength(2);
    const refused = harness([401], [null]);
    await expect(refused.client.token('y')).rejects.toBeInstanceOf(VideoSessionExpired);
    expect(refused.stats()).toMatchObject({ refreshes: 1, expired: 1 });
    expect(refused.sent).toHaveLength(1);
    // Another failure is passed on as it is, and the next request still goes.
    const other = harness([500, 'ok']);
    await expect(other.client.token('z')).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(await other.client.token('z')).toBe('key-z-2');
  });
});
