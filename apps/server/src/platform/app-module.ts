import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AuthEvents, AuthPort } from '../modules/auth/index.ts';
import type { CheckinEvents } from '../modules/checkin/index.ts';
import type { MeetingsEvents } from '../modules/meetings/index.ts';
import type { VideoEvents } from '../modules/video/index.ts';
import type { ProgrammeEvents, SpeakerAccountsPort } from '../modules/programme/index.ts';
import type { PaymentsEvents } from '../modules/payments/index.ts';
import type { RegistrationEvents, RegistrationPort } from '../modules/registration/index.ts';
import type { BoothFormsPort, ExhibitionEvents } from '../modules/exhibition/index.ts';
import type { LeadsEvents, LeadsPort } from '../modules/leads/index.ts';
import type { NotificationsEvents } from '../modules/notifications/index.ts';
import type { WorkspaceAccess } from '../modules/workspace/index.ts';
import type { Audit } from './audit.ts';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db.ts';
import type { EventBus, Subscriber } from './event-bus.ts';
import type { EventOutbox } from './event-outbox.ts';
import type { JobRunner } from './job-runner.ts';
import type { Mailer } from './mail.ts';
import type { Realtime } from './realtime.ts';
import type { SecretBox } from './secret-box.ts';
import type { Tokens } from './tokens.ts';
import type { DocumentHeadProvider } from './spa.ts';

/* eslint-disable @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type -- declaration merging needs an interface, empty until the modules add themselves */
/**
 * Every module as built, by name. Each module's index.ts adds itself (declaration merging), so the module list in
 * app.ts, a module's `needs` and what `create` receives are all typed from the modules themselves.
 */
export interface AppModules {}
/* eslint-enable @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type */

/**
 * Every publishing module's events (name → payload), joined: a publish or subscription with a wrong name or payload
 * fails the type check. A module that publishes adds its events type here.
 */
export type AppEvents = AuthEvents & RegistrationEvents & PaymentsEvents & CheckinEvents & MeetingsEvents & ProgrammeEvents & ExhibitionEvents & VideoEvents & LeadsEvents & NotificationsEvents;

/** The read models made from the database alone, before any module exists (auth's users, who a caller is, attendees). */
export type Ports = { auth: AuthPort; access: WorkspaceAccess; registration: RegistrationPort; boothForms: BoothFormsPort; leads: LeadsPort; speakerAccounts: SpeakerAccountsPort };

/** What every module may use: the platform, created before any module. */
export type Platform = {
  config: AppConfig;
  database: Database;
  db: Db;
  /** Every module's time (platform/clock.ts). */
  now: () => Date;
  tokens: Tokens;
  mailer: Mailer;
  audit: Audit;
  secrets: SecretBox;
  bus: EventBus<AppEvents>;
  outbox: EventOutbox<AppEvents>;
  /** pg-boss on Postgres outside tests; undefined where jobs run in the process. */
  jobs: JobRunner | undefined;
  realtime: Realtime;
  log: FastifyBaseLogger;
  publicUrl: string;
  isProduction: boolean;
  ports: Ports;
};

/** What a built module offers the app: its routes, and its subscriptions to other modules' events. */
export type BuiltModule = {
  plugin?: (app: FastifyInstance) => unknown;
  /** What the module writes into index.html for its pages (platform/spa.ts: link previews, manifests). */
  documentHead?: DocumentHeadProvider;
  subscribe?: (bus: Subscriber<AppEvents>) => void;
};

export type ModuleDefinition<N extends keyof AppModules, Needs extends keyof AppModules> = {
  readonly name: N;
  /** The modules this one is built from (they come earlier in the list; app.ts checks it at start). */
  readonly needs: readonly Needs[];
  create(platform: Platform, modules: Pick<AppModules, Needs>): AppModules[N];
};

/** A module's entry in the list: its name, what it needs, and how it builds itself from the platform and those. */
export function defineModule<const N extends keyof AppModules, const Needs extends keyof AppModules = never>(definition: ModuleDefinition<N, Needs>): ModuleDefinition<N, Needs> {
  return definition;
}

/** Builds the modules in list order, each from the platform and the modules it names; refuses a need not yet built. */
export function buildModules(platform: Platform, list: readonly ModuleDefinition<keyof AppModules, keyof AppModules>[]): AppModules {
  const built: Partial<Record<keyof AppModules, unknown>> = {};
  for (const definition of list) {
    for (const need of definition.needs) {
      if (!(need in built)) throw new Error(`Module ${String(definition.name)} needs ${String(need)}, which comes later in the module list (or not at all)`);
    }
    if (definition.name in built) throw new Error(`Module ${String(definition.name)} is listed twice`);
    built[definition.name] = definition.create(platform, built as AppModules);
  }
  return built as AppModules;
}
