process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { createBadgesRepository } from './badges.repository.ts';

// Two instances on one Postgres both look for queued badge jobs: exactly one may render each job.
let t: TestApp;
let eventId: string;
let organisationId: string;

beforeAll(async () => {
  t = await createTestApp();
  const host = await signupOrganiser(t.app, { organisationName: 'Race Org' });
  eventId = await createEvent(t.app, host.accessToken);
  organisationId = (await t.ctx.events.findOwner(eventId))!.organisationId;
});
afterAll(async () => {
  await t?.close();
});

describe('badge job claiming (Postgres)', () => {
  it('lets one of 16 concurrent workers claim a queued job, and a stale running job be taken over once', async () => {
    const repos = Array.from({ length: 16 }, () => createBadgesRepository(t.ctx.database.db));
    const id = `race-${Date.now()}`;
    await repos[0]!.insertJob({ id, organisationId, eventId, filter: { registrationIds: [] }, status: 'queued', total: 0 });
    const now = new Date();
    const stale = new Date(now.getTime() - 120_000);
    const claims = await Promise.all(repos.map((r) => r.claimJob(id, now, stale)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Fresh heartbeat: nobody else may take it.
    expect(await repos[1]!.claimJob(id, new Date(), stale)).toBeNull();
    // The worker died 10 minutes ago: one of the others takes it over, once.
    const later = new Date(now.getTime() + 600_000);
    const takeovers = await Promise.all(repos.map((r) => r.claimJob(id, later, new Date(later.getTime() - 120_000))));
    expect(takeovers.filter(Boolean)).toHaveLength(1);
  });
});
