import type { FastifyBaseLogger } from 'fastify';
import { EventMode, EventType, LoginIdentifier, ORGANISER_USER_TYPE, RegistrationIdentifier, UserType } from '@pavilion/domain';
import type { AppContext } from '../../app.ts';

export const DEMO_ACCOUNTS = {
  organiser: { email: 'organiser@demo.pavilion', password: 'Organiser@2026' },
  attendee: { email: 'attendee@demo.pavilion', password: 'Attendee@2026' },
  exhibitor: { email: 'exhibitor@demo.pavilion', password: 'Exhibitor@2026' },
} as const;

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * Demo data is created once: when the embedded data dir was empty and NODE_ENV is not production, or when
 * PAVILION_DEMO=1. It is skipped if the demo organiser already exists.
 */
export async function seedDemoIfWanted(ctx: AppContext, log: FastifyBaseLogger): Promise<boolean> {
  const { config, database } = ctx;
  const wanted =
    config.PAVILION_DEMO === true ||
    (config.PAVILION_DEMO === undefined && database.kind === 'pglite' && database.isFresh && config.NODE_ENV !== 'production');
  if (!wanted && config.NODE_ENV === 'production') return false;
  if (await ctx.auth.findUserByEmail(DEMO_ACCOUNTS.organiser.email)) {
    log.info(`Demo organiser login: ${DEMO_ACCOUNTS.organiser.email} / ${DEMO_ACCOUNTS.organiser.password} at http://localhost:${config.PORT}/`);
    return false;
  }
  if (!wanted) return false;

  const { organisationId, user: host } = await ctx.auth.createOrganisation({
    name: 'Demo Events Co',
    owner: {
      ...DEMO_ACCOUNTS.organiser,
      firstName: 'Olivia',
      lastName: 'Organiser',
      contactNo: '+919800000001',
      userType: ORGANISER_USER_TYPE,
      role: 'Host',
    },
  });
  const caller = await ctx.workspace.loadCaller(host.id);
  const hostCaller = { ...caller!, via: 'access' as const, sessionId: 'seed' };
  const start = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const event = await ctx.events.create(hostCaller, organisationId, {
    name: 'Pavilion Demo Expo 2027',
    description: '<p>A three-day trade exhibition and conference to try Pavilion with.</p>',
    startDate: isoDate(start),
    endDate: isoDate(new Date(start.getTime() + 2 * 24 * 3600 * 1000)),
    timeZone: 'Asia/Kolkata',
    venue: 'Bharat Mandapam, New Delhi',
    eventMode: EventMode.Hybrid,
    eventType: EventType.NonEntertainment,
    loginIdentifier: LoginIdentifier.EmailOrMobile,
    registrationIdentifier: RegistrationIdentifier.RegNo,
    domain: '',
    regionId: null,
  });
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

  const base = `http://localhost:${config.PORT}`;
  const banner = [
      'Demo data created.',
      `  Organiser: ${DEMO_ACCOUNTS.organiser.email} / ${DEMO_ACCOUNTS.organiser.password}  -> ${base}/`,
      `  Attendee:  ${DEMO_ACCOUNTS.attendee.email} / ${DEMO_ACCOUNTS.attendee.password}  -> ${base}/ei/${event.id}`,
      `  Exhibitor: ${DEMO_ACCOUNTS.exhibitor.email} / ${DEMO_ACCOUNTS.exhibitor.password}  -> ${base}/ei/${event.id}`,
      `  Public registration (after you add a ticket): ${base}/cart-registration/${event.id}`,
    ].join('\n');
  log.info(banner);
  if (config.NODE_ENV !== 'test') console.log(`\n${banner}\n`);
  return true;
}
