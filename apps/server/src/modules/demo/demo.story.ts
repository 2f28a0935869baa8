import type { AuthUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../app.ts';

/**
 * What the demo has told so far, handed from one seeder to the next. A seeder reads what earlier ones made (the
 * event, its tickets, who registered and how) and adds what its capability shows; it writes through the modules'
 * services, as the organiser, the buyers and the devices would, with `ctx.clock.at` placing each step in the last
 * two weeks.
 */
export type DemoStory = {
  /** The demo organiser, acting as themselves. */
  caller: AuthUser;
  organisationId: string;
  eventId: string;
  /** When the story ends (the seeding's start): every step happens before it. */
  now: Date;
  tickets: { free: { id: string; name: string }; paid: { id: string; name: string } } | null;
  categories: { delegate: string; tradeVisitor: string } | null;
  couponCode: string | null;
  /** Registrations by what happened to them (ids), filled by the registration seeder. */
  people: DemoPerson[];
  areas: { gate: string; seminarHall: string } | null;
  /** The gate scanner: its pairing code is printed at every start. */
  gateDeviceName: string;
};

export type DemoPersonState = 'paid' | 'free' | 'approved' | 'pending_approval' | 'disapproved' | 'pending_payment' | 'payment_failed';

export type DemoPerson = {
  registrationId: string;
  orderId: string;
  firstName: string;
  lastName: string;
  email: string;
  state: DemoPersonState;
  ticket: 'free' | 'paid';
  /** When they registered. */
  at: Date;
};

/**
 * One capability's part of the demo. A later module adds its seeder (a file beside its module, exported through its
 * index.ts) to `DEMO_SEEDERS` in modules/demo/index.ts with one line; seeders run in list order, once, on the first
 * start, and must only use services (never another module's tables).
 */
export type DemoSeeder = { name: string; seed: (ctx: AppContext, story: DemoStory) => Promise<void> };

const HOUR = 3_600_000;

/** An instant `days` days and `hours` hours before the story's end. */
export function ago(story: Pick<DemoStory, 'now'>, days: number, hours = 0, minutes = 0): Date {
  return new Date(story.now.getTime() - days * 24 * HOUR - hours * HOUR - minutes * 60_000);
}

/** A small deterministic generator (mulberry32), so the demo's figures are the same on every first start. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
