import type { FastifyBaseLogger } from 'fastify';
import { EventMode, EventType, LoginIdentifier, ORGANISER_USER_TYPE, RegistrationIdentifier, UserType, ZEventCreateRequest, ZEventListQuery } from '@pavilion/domain';
import type { AppContext } from '../../app.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { DEMO_ACCOUNTS, DEMO_EVENT_NAME, DEMO_GATE_DEVICE } from './demo.accounts.ts';
import type { DemoSeeder, DemoStory } from './demo.story.ts';
import { registrationSeeder } from './seed-registration.ts';
import { onsiteSeeder } from './seed-onsite.ts';
import { analyticsSeeder } from './seed-analytics.ts';
import { venueSeeder } from '../venue/index.ts';
import { programmeSeeder } from '../programme/index.ts';
import { sponsorsSeeder } from '../sponsors/index.ts';

export { DEMO_ACCOUNTS, DEMO_EVENT_NAME, DEMO_GATE_DEVICE } from './demo.accounts.ts';
export { DEMO_COUPON } from './seed-registration.ts';
export { DEMO_CERTIFICATE_MINUTES } from './seed-onsite.ts';
export type { DemoSeeder, DemoStory } from './demo.story.ts';

/**
 * Each capability's part of the demo, in order (ARCHITECTURE "Demo data"). A module that lands later writes its
 * seeder and adds it here with one line; it sees what the earlier ones made in the story.
 */
export const DEMO_SEEDERS: DemoSeeder[] = [registrationSeeder, onsiteSeeder, analyticsSeeder, venueSeeder, programmeSeeder, sponsorsSeeder];

/** The demo's dates: a three-day expo in February 2027 at Bharat Mandapam, New Delhi (India time, rupees). */
export const DEMO_EVENT = { startDate: '2027-02-16', endDate: '2027-02-18', timeZone: 'Asia/Kolkata', venue: 'Bharat Mandapam, New Delhi', currency: 'INR' } as const;

type Wanted = 'create' | 'announce' | 'no';

function wantedOf(ctx: AppContext): Wanted {
  const { config, database } = ctx;
  if (config.PAVILION_DEMO === false) return 'no';
  if (config.PAVILION_DEMO === true) return 'create';
  if (config.NODE_ENV === 'production') return 'no';
  return database.kind === 'pglite' && database.isFresh ? 'create' : 'announce';
}

/**
 * Demo data is created once: when the embedded data dir was empty and NODE_ENV is not production, or when
 * PAVILION_DEMO=1 (which config.ts refuses in production: the demo pays on the test gateway). It is skipped if the
 * demo organiser already exists. At every start of a data dir that holds the demo (never with PAVILION_DEMO=0 or in
 * production), its logins and a fresh pairing code of the gate scanner are printed, unless `announce` is false (the first-start worker: the server announces once it has opened the data).
 * Answers whether it created the demo now.
 */
export async function seedDemoIfWanted(ctx: AppContext, log: FastifyBaseLogger, options: { announce?: boolean } = {}): Promise<boolean> {
  const wanted = wantedOf(ctx);
  if (wanted === 'no') return false;
  const existing = await ctx.auth.findUserByEmail(DEMO_ACCOUNTS.organiser.email);
  let created = false;
  if (!existing) {
    if (wanted !== 'create') return false;
    const t0 = performance.now();
    const timings = await seedDemo(ctx);
    created = true;
    log.info(`Demo data created in ${Math.round(performance.now() - t0)} ms (${timings.map((t) => `${t.name} ${t.ms} ms`).join(', ')}).`);
  }
  if (options.announce !== false) await announceDemo(ctx, log);
  return created;
}

async function organiserCaller(ctx: AppContext, userId: string): Promise<AuthUser> {
  const caller = await ctx.workspace.loadCaller(userId);
  if (!caller) throw new Error('demo organiser has no workspace');
  return { ...caller, via: 'access' as const, sessionId: 'demo' };
}

/** The organiser, the attendee and the exhibitor, the event, then every capability's seeder in order. */
async function seedDemo(ctx: AppContext): Promise<{ name: string; ms: number }[]> {
  const now = ctx.clock.now();
  // The organisation, the event and the people exist from two weeks before "now", when the campaign started.
  const { caller, organisationId, eventId } = await ctx.clock.at(new Date(now.getTime() - 15 * 24 * 3_600_000), async () => {
    const { organisationId, user: host } = await ctx.auth.createOrganisation({
      name: 'Demo Events Co',
      owner: { ...DEMO_ACCOUNTS.organiser, firstName: 'Olivia', lastName: 'Organiser', contactNo: '+919800000001', userType: ORGANISER_USER_TYPE, role: 'Host' },
    });
    const caller = await organiserCaller(ctx, host.id);
    const event = await ctx.events.create(
      caller,
      organisationId,
      ZEventCreateRequest.parse({
        name: DEMO_EVENT_NAME,
        description: '<p>A three-day trade exhibition and conference to try Pavilion with: register, pay, print a badge and scan it at the gate.</p>',
        startDate: DEMO_EVENT.startDate,
        endDate: DEMO_EVENT.endDate,
        timeZone: DEMO_EVENT.timeZone,
        venue: DEMO_EVENT.venue,
        eventMode: EventMode.Hybrid,
        eventType: EventType.NonEntertainment,
        loginIdentifier: LoginIdentifier.EmailOrMobile,
        registrationIdentifier: RegistrationIdentifier.RegNo,
        domain: '',
        regionId: null,
      }),
    );
    const attendee = await ctx.auth.createUser({
      ...DEMO_ACCOUNTS.attendee,
      organisationId: null,
      firstName: 'Arjun',
      lastName: 'Attendee',
      contactNo: '+919800000002',
      userType: UserType.Attendee,
      role: 'Attendee',
    });
    const exhibitor = await ctx.auth.createUser({
      ...DEMO_ACCOUNTS.exhibitor,
      organisationId: null,
      firstName: 'Esha',
      lastName: 'Exhibitor',
      contactNo: '+919800000003',
      userType: UserType.Exhibitor,
      role: 'Exhibitor',
    });
    await ctx.events.addParticipant(organisationId, event.id, attendee.id, UserType.Attendee);
    await ctx.events.addParticipant(organisationId, event.id, exhibitor.id, UserType.Exhibitor);
    return { caller, organisationId, eventId: event.id };
  });
  const story: DemoStory = { caller, organisationId, eventId, now, tickets: null, categories: null, couponCode: null, people: [], areas: null, gateDeviceName: DEMO_GATE_DEVICE };
  const timings: { name: string; ms: number }[] = [];
  for (const seeder of DEMO_SEEDERS) {
    const t0 = performance.now();
    try {
      await seeder.seed(ctx, story);
    } catch (err) {
      throw new Error(`demo seeder "${seeder.name}" failed: ${(err as Error).message}`, { cause: err });
    }
    timings.push({ name: seeder.name, ms: Math.round(performance.now() - t0) });
  }
  return timings;
}

/** What a newcomer needs: the demo event, its logins and a fresh one-time code for the gate scanner. */
export async function demoAccess(ctx: AppContext): Promise<{ eventId: string; gateCode: string | null; codeExpiresAt: string | null } | null> {
  const host = await ctx.auth.findUserByEmail(DEMO_ACCOUNTS.organiser.email);
  if (!host) return null;
  const caller = await organiserCaller(ctx, host.id);
  const organisationId = caller.organisationId!;
  const events = await ctx.events.list(caller, organisationId, ZEventListQuery.parse({ search: DEMO_EVENT_NAME }));
  const event = events.items.find((e) => e.name === DEMO_EVENT_NAME) ?? events.items[0];
  if (!event) return null;
  const device = (await ctx.checkin.listDevices(caller, organisationId, event.id)).find((d) => d.name === DEMO_GATE_DEVICE && d.status !== 'revoked');
  if (!device) return { eventId: event.id, gateCode: null, codeExpiresAt: null };
  // Codes are stored hashed, so the printed one is new at each start; a phone already paired keeps working.
  const issued = await ctx.checkin.newCode(caller, organisationId, event.id, device.id);
  return { eventId: event.id, gateCode: issued.code, codeExpiresAt: issued.codeExpiresAt };
}

async function announceDemo(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const access = await demoAccess(ctx);
  if (!access) return;
  const base = `http://localhost:${ctx.config.PORT}`;
  const lines = [
    `Demo "${DEMO_EVENT_NAME}" is ready.`,
    `  Organiser: ${DEMO_ACCOUNTS.organiser.email} / ${DEMO_ACCOUNTS.organiser.password}  -> ${base}/`,
    `  Attendee:  ${DEMO_ACCOUNTS.attendee.email} / ${DEMO_ACCOUNTS.attendee.password}  -> ${base}/ei/${access.eventId}`,
    `  Exhibitor: ${DEMO_ACCOUNTS.exhibitor.email} / ${DEMO_ACCOUNTS.exhibitor.password}  -> ${base}/ei/${access.eventId}`,
    `  Public registration: ${base}/cart-registration/${access.eventId}`,
  ];
  if (access.gateCode) lines.push(`  Gate scanner: open ${base}/scanner and enter the code ${access.gateCode} (Entrance gate; valid 24 h, new at each start)`);
  const banner = lines.join('\n');
  log.info(banner);
  if (ctx.config.NODE_ENV !== 'test') console.log(`\n${banner}\n`);
}
