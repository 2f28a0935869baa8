import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { addDisposableDomains } from '@pavilion/domain';
import { publicUrl, type AppConfig } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { BODY_LIMIT_BYTES, registerSecurity } from './platform/security.ts';
import { registerMetrics } from './platform/metrics.ts';
import { registerAuthGuard, type RouteDeclaration } from './platform/auth-guard.ts';
import { createTokens, type Tokens } from './platform/tokens.ts';
import { loadSigningSecret } from './platform/secrets.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { createAudit } from './platform/audit.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { createRealtime, type Realtime } from './platform/realtime.ts';
import { registerSpa } from './platform/spa.ts';
import { createClock, type Clock } from './platform/clock.ts';
import { createEventBus, type EventBus } from './platform/event-bus.ts';
import { createEventOutbox, type EventOutbox } from './platform/event-outbox.ts';
import { routeWakesThroughPgBoss } from './platform/mail-worker.ts';
import { createJobRunner } from './platform/job-runner.ts';
import { buildModules, type AppEvents, type AppModules, type BuiltModule, type Platform } from './platform/app-module.ts';
import { authModule, createAuthPort } from './modules/auth/index.ts';
import { eventsModule } from './modules/events/index.ts';
import { analyticsModule } from './modules/analytics/index.ts';
import { createHealthModule } from './modules/health/index.ts';
import { createWorkspaceAccessPort, workspaceModule } from './modules/workspace/index.ts';
import { createRegistrationPort, registrationModule } from './modules/registration/index.ts';
import { credentialsModule } from './modules/credentials/index.ts';
import { ebadgeModule } from './modules/ebadge/index.ts';
import { certificatesModule } from './modules/certificates/index.ts';
import { badgesModule } from './modules/badges/index.ts';
import { checkinModule } from './modules/checkin/index.ts';
import { mailOutboxModule } from './modules/mail-outbox/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { venueModule } from './modules/venue/index.ts';
import { createBoothFormsPort, exhibitionModule } from './modules/exhibition/index.ts';
import { createSpeakerAccountsPort, programmeModule } from './modules/programme/index.ts';
import { profileModule } from './modules/profile/index.ts';
import { shareModule } from './modules/share/index.ts';
import { portalModule } from './modules/portal/index.ts';
import { chatModule } from './modules/chat/index.ts';
import { meetingsModule } from './modules/meetings/index.ts';
import { createLeadsPort, leadsModule } from './modules/leads/index.ts';
import { liveModule } from './modules/live/index.ts';
import { videoModule } from './modules/video/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { sponsorsModule } from './modules/sponsors/index.ts';
import { epostersModule } from './modules/eposters/index.ts';

/**
 * The module list: adding a module is its folder (whose index.ts defines it with `defineModule`) and one line here.
 * Order matters only in that a module comes after the modules it `needs` (checked at start).
 */
const MODULES = [
  eventsModule,
  authModule,
  workspaceModule,
  credentialsModule,
  paymentsModule,
  registrationModule,
  badgesModule,
  ebadgeModule,
  checkinModule,
  analyticsModule,
  mailOutboxModule,
  profileModule,
  shareModule,
  portalModule,
  venueModule,
  exhibitionModule,
  chatModule,
  meetingsModule,
  // After portal (the tab's and entry's rules) and exhibition (a sponsor may be an exhibiting company); before
  // programme (a session's sponsors, through sponsors' port).
  sponsorsModule,
  // After meetings: My schedule's calendar holds the participant's meetings (meetings' port).
  programmeModule,
  // After check-in (attendance summaries, check-outs) and programme (sessions attended).
  certificatesModule,
  // After chat (its socket) and programme (its sessions): the live session room.
  liveModule,
  leadsModule,
  // After chat (its socket): 1:1 video calls, lounges and discussion tables.
  videoModule,
  // After chat (its socket), programme (a session's audience) and meetings (its notices): inbox and announcements.
  notificationsModule,
  // After portal (the E-Poster entry's rule) and programme (a poster's session).
  epostersModule,
];

export type { AppEvents } from './platform/app-module.ts';

export type AppContext = {
  config: AppConfig;
  /** Every module's time (the demo moves it while it tells its story, before the server listens). */
  clock: Clock;
  database: Database;
  tokens: Tokens;
  mailer: Mailer;
  realtime: Realtime;
  /** The in-process event bus the modules publish on (platform/event-bus.ts). */
  bus: EventBus<AppEvents>;
  /** Durable events, delivered by a job after their transaction commits (tests stop or wait for its worker). */
  outbox: EventOutbox<AppEvents>;
  auth: AppModules['auth']['service'];
  events: AppModules['events']['service'];
  workspace: AppModules['workspace']['service'];
  registration: AppModules['registration'];
  payments: AppModules['payments']['service'];
  analytics: AppModules['analytics']['service'];
  credentials: AppModules['credentials']['service'];
  ebadge: AppModules['ebadge']['service'];
  certificates: AppModules['certificates']['service'];
  /** The bulk certificate mail job (tests wait for it, or stop it to play a crash). */
  certificateMail: AppModules['certificates']['mailWorker'];
  badges: AppModules['badges']['service'];
  checkin: AppModules['checkin']['service'];
  checkinTesting: AppModules['checkin']['testing'];
  /** The programme's booking race switches (programme.race.test.ts). */
  programme: AppModules['programme']['service'];
  programmeTesting: AppModules['programme']['testing'];
  /** The programme publish's mail job (tests wait for it, or stop it to play a crash). */
  programmeMail: AppModules['programme']['mailWorker'];
  /** Session attendance (tests run the ledger catch-up's pass with `catchUp()`). */
  programmeAttendance: AppModules['programme']['attendance'];
  meetings: AppModules['meetings'];
  /** The organiser inbox (notifications module): tests make notices through its port. */
  organiserInbox: AppModules['notifications']['organiserInbox'];
  /** Video calls and tables (tests set its ringing time and the seat lock's control). */
  video: AppModules['video'];
  /** Leads (tests run a pass of the brief-bag mail job with `bagMail.drainNow()`). */
  leads: AppModules['leads'];
  venue: AppModules['venue']['service'];
  sponsors: AppModules['sponsors']['service'];
  routes: RouteDeclaration[];
};

export const EVENT_OUTBOX_QUEUE = 'event-outbox';

export type BuildOptions = {
  /** An open database (tests); otherwise one is opened from the config. */
  database?: Database;
  now?: () => Date;
  /** Pino options, or false to silence. */
  logger?: boolean | Record<string, unknown>;
};

/** Builds the whole server: platform plugins first, then every module. Listening is main.ts' job. */
export async function buildApp(config: AppConfig, buildOptions: BuildOptions = {}): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const clock = createClock(buildOptions.now);
  const options = { ...buildOptions, now: clock.now };
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers["x-access-token"]', 'req.headers["x-user-access-token"]'] },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  if (config.NODE_ENV === 'production') {
    // SPEC §5: in production, throwaway-mail domains are refused; the list is only loaded where it is used.
    const { default: list } = await import('disposable-email-domains', { with: { type: 'json' } });
    addDisposableDomains(list as string[]);
  }

  const database = options.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const ownsDatabase = !options.database;
  const secret = await loadSigningSecret(database.db, config.JWT_SECRET);
  // Payment and wallet keys are sealed at rest: SECRETS_KEY, or the signing secret when it is not set.
  const secrets = createSecretBox(config.SECRETS_KEY ?? secret);
  const tokens = createTokens(secret, { now: options.now ? () => options.now!().getTime() : undefined });
  const audit = createAudit(database.db);
  const mailer = createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: app.log as never });
  // Modules meet through events (who publishes what: ARCHITECTURE.md's module map) and read each other's ports.
  const bus = createEventBus<AppEvents>({ log: app.log });
  // The sockets share the HTTP server from the start; modules say who may join their rooms (realtime.authorise).
  const realtime = await createRealtime({ server: app.server, tokens, logger: app.log as never, redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX });
  const outbox = createEventOutbox<AppEvents>({ db: database.db, bus, now: options.now, log: app.log });
  // One pg-boss for every module's jobs, on Postgres outside tests; PGlite and tests run jobs in the process.
  const jobs = database.kind === 'postgres' && config.NODE_ENV !== 'test' && config.DATABASE_URL ? createJobRunner(config.DATABASE_URL, app.log) : undefined;

  // Ports: read models made from the database alone, before any module (who a caller is, auth's users, attendees).
  const authPort = createAuthPort(database.db);
  const access = createWorkspaceAccessPort(database.db, authPort);
  const platform: Platform = {
    config,
    database,
    db: database.db,
    now: clock.now,
    tokens,
    mailer,
    audit,
    secrets,
    bus,
    outbox,
    jobs,
    realtime,
    log: app.log,
    publicUrl: publicUrl(config),
    isProduction: config.NODE_ENV === 'production',
    ports: { auth: authPort, access, registration: createRegistrationPort(database.db), boothForms: createBoothFormsPort(database.db), leads: createLeadsPort(database.db), speakerAccounts: createSpeakerAccountsPort(database.db) },
  };
  // Each module builds itself from the platform and the modules it names, in this order; then each subscribes to
  // the events it reacts to and registers its routes (who publishes what: ARCHITECTURE.md's module map).
  const modules = buildModules(platform, MODULES);
  const list: BuiltModule[] = Object.values(modules);
  for (const m of list) m.subscribe?.(bus);
  const { auth, events } = modules;

  // Operator endpoints live at the root, outside the product surface: no auth guard, browser headers or per-request
  // hooks on the paths a load balancer polls thousands of times.
  const metrics = registerMetrics(app);
  await app.register(createHealthModule(database).plugin);

  let routes: RouteDeclaration[] = [];
  await app.register(async (surface) => {
    // The guard's onRoute check goes first, so every /api route registered after it is declared and catalogued.
    routes = registerAuthGuard(surface, {
      tokens,
      findActiveUser: access.loadCaller,
      findRefresh: (token) => auth.service.resolveRefreshToken(token),
    });
    await registerSecurity(surface, config.JANUS_URL ? [new URL(config.JANUS_URL).origin] : []);
    await surface.register(rateLimit, { global: false });
    await surface.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Pavilion API', version: '0.1.0', description: 'Event-management platform API. Envelope: {status, data} or {status:"ERROR", code, message, errors}.' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await surface.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    surface.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => surface.swagger());
    metrics.measure(surface);

    for (const m of list) if (m.plugin) await surface.register(m.plugin);
    // Durable events: what a stop or crash left owed is delivered now; later wakes travel through pg-boss when it runs.
    if (jobs) await routeWakesThroughPgBoss(await jobs.boss(), EVENT_OUTBOX_QUEUE, outbox.worker);
    outbox.worker.start();
    surface.addHook('preClose', () => outbox.worker.stop());
    await registerSpa(surface, config.WEB_DIST, list.flatMap((m) => (m.documentHead ? [m.documentHead] : [])));
  });

  // An organiser's dashboard joins its event's room (counts changed) when the event is theirs to see.
  realtime.authorise({
    authorizeOrganiserEvent: async (userId, eventId) => {
      const caller = await access.loadCaller(userId);
      if (!caller?.organisationId) return false;
      return events.service.get({ ...caller, via: 'access', sessionId: '' }, caller.organisationId, eventId).then(
        () => true,
        () => false,
      );
    },
  });
  // Seats moved (sold, held, released): the event's open dashboards refetch.
  bus.subscribe('seats.changed', ({ eventId, reason }) => realtime.emitCountsChanged(eventId, reason));

  app.addHook('onClose', async () => {
    await jobs?.stop();
    await realtime.close();
    mailer.close();
    if (ownsDatabase) await database.close();
  });

  return { app, ctx: { config, clock, database, tokens, mailer, realtime, bus, outbox, auth: auth.service, events: events.service, workspace: modules.workspace.service, registration: modules.registration, payments: modules.payments.service, analytics: modules.analytics.service, credentials: modules.credentials.service, ebadge: modules.ebadge.service, certificates: modules.certificates.service, certificateMail: modules.certificates.mailWorker, badges: modules.badges.service, checkin: modules.checkin.service, checkinTesting: modules.checkin.testing, programme: modules.programme.service, programmeTesting: modules.programme.testing, programmeMail: modules.programme.mailWorker, programmeAttendance: modules.programme.attendance, meetings: modules.meetings, organiserInbox: modules.notifications.organiserInbox, video: modules.video, leads: modules.leads, venue: modules.venue.service, sponsors: modules.sponsors.service, routes } };
}
