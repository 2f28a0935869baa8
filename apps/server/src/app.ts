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
import { errors } from './platform/errors.ts';
import { createAuthModule, createAuthPort, type AuthEvents, type AuthService } from './modules/auth/index.ts';
import { createEventsModule, type EventsService } from './modules/events/index.ts';
import { createAnalyticsModule } from './modules/analytics/index.ts';
import { createHealthModule } from './modules/health/index.ts';
import { createWorkspaceAccessPort, createWorkspaceModule, type WorkspaceService } from './modules/workspace/index.ts';
import { createRegistrationModule, createRegistrationPort, type RegistrationEvents } from './modules/registration/index.ts';
import { createCredentialsModule } from './modules/credentials/index.ts';
import { createEbadgeModule } from './modules/ebadge/index.ts';
import { createCertificatesModule } from './modules/certificates/index.ts';
import { createBadgesModule } from './modules/badges/index.ts';
import { createCheckinModule, type CheckinEvents } from './modules/checkin/index.ts';
import { createMailOutboxModule } from './modules/mail-outbox/index.ts';

/** Every module's events, joined: a publish or subscription with a wrong name or payload fails the type check. */
export type AppEvents = AuthEvents & RegistrationEvents & CheckinEvents;

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
  auth: AuthService;
  events: EventsService;
  workspace: WorkspaceService;
  registration: ReturnType<typeof createRegistrationModule>;
  analytics: ReturnType<typeof createAnalyticsModule>['service'];
  credentials: ReturnType<typeof createCredentialsModule>['service'];
  ebadge: ReturnType<typeof createEbadgeModule>['service'];
  certificates: ReturnType<typeof createCertificatesModule>['service'];
  /** The bulk certificate mail job (tests wait for it, or stop it to play a crash). */
  certificateMail: ReturnType<typeof createCertificatesModule>['mailWorker'];
  badges: ReturnType<typeof createBadgesModule>['service'];
  checkin: ReturnType<typeof createCheckinModule>['service'];
  checkinTesting: ReturnType<typeof createCheckinModule>['testing'];
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
  const realtime = await createRealtime({ server: app.server, tokens, logger: app.log as never, redisUrl: config.REDIS_URL });
  const outbox = createEventOutbox<AppEvents>({ db: database.db, bus, now: options.now, log: app.log });
  // Registration's read model (its port) reads registration tables only; other modules get it instead of the tables.
  const registrationPort = createRegistrationPort(database.db);
  // One pg-boss for every module's jobs, on Postgres outside tests; PGlite and tests run jobs in the process.
  const jobs = database.kind === 'postgres' && config.NODE_ENV !== 'test' && config.DATABASE_URL ? createJobRunner(config.DATABASE_URL, app.log) : undefined;

  // Who a caller is (grants, item scope) is workspace's answer over auth's users: a port built from the database
  // alone, so auth, events and the guard have it before any module service exists.
  const authPort = createAuthPort(database.db);
  const access = createWorkspaceAccessPort(database.db, authPort);
  const events = createEventsModule(database.db, {
    audit,
    now: options.now,
    regionExists: access.regionExists,
  });
  const auth = createAuthModule(database.db, {
    bus,
    loadCaller: access.loadCaller,
    tokens,
    mailer,
    audit,
    publicUrl: publicUrl(config),
    isProduction: config.NODE_ENV === 'production',
    now: options.now,
    findEventMembership: (eventId, user) => events.service.membership(eventId, user),
    // A login link for a registrant: the caller must see the event; the registration comes from registration's port.
    findRegistration: async (caller, organisationId, eventId, registrationId) => {
      await events.service.get(caller, organisationId, eventId);
      const registrant = await registrationPort.attendee(registrationId, eventId);
      if (!registrant || registrant.organisationId !== organisationId) throw errors.notFound('Registration');
      return registrant;
    },
    addParticipant: (organisationId, eventId, userId, userType) => events.service.addParticipant(organisationId, eventId, userId, userType),
    assertEvent: (caller, organisationId, eventId) => events.service.get(caller, organisationId, eventId),
    // Exhibition (booths and their forms) lands in a later issue and answers here; until then no booth exists.
    hasBoothForm: async () => false,
  });
  const workspace = createWorkspaceModule(database.db, {
    auth: auth.service,
    users: authPort,
    audit,
    mailer,
    publicUrl: publicUrl(config),
    now: options.now,
    events: {
      existsInOrganisation: events.service.existsInOrganisation,
      reassignCreator: events.service.reassignCreator,
      upcomingForOrganisation: events.service.upcomingForOrganisation,
    },
  });
  const credentials = createCredentialsModule(database.db, {
    registrations: registrationPort,
    audit,
    now: options.now,
    assertEvent: async (caller, organisationId, eventId) => {
      await events.service.get(caller, organisationId, eventId);
    },
    findEventOrganisation: async (eventId) => (await events.service.findOwner(eventId))?.organisationId ?? null,
  });
  const registration = createRegistrationModule(database.db, {
    audit,
    mailer,
    events: events.service,
    publicUrl: publicUrl(config),
    now: options.now,
    jwtSecret: config.JWT_SECRET,
    secrets,
    userEmail: async (caller) => (await auth.service.me(caller)).email,
    isProduction: config.NODE_ENV === 'production',
    jobs,
    log: app.log,
    bus,
    outbox,
    credentialToken: async (eventId, registrationId) => (await credentials.service.ensure(eventId, registrationId)).token,
  });
  const badges = createBadgesModule(database.db, {
    audit,
    now: options.now,
    credentials: credentials.service,
    assertEvent: (caller, organisationId, eventId) => events.service.get(caller, organisationId, eventId),
    registration: { ...registration.badges, createWalkIn: registration.service.createWalkIn },
    log: app.log,
  });
  const ebadge = createEbadgeModule(database.db, {
    credentials: credentials.service,
    audit,
    now: options.now,
    publicUrl: publicUrl(config),
    assertEvent: async (caller, organisationId, eventId) => {
      await events.service.get(caller, organisationId, eventId);
    },
    findEvent: (eventId) => events.service.findOwner(eventId),
    userEmail: async (caller) => (await auth.service.me(caller)).email,
    secrets,
    photoUrlOf: registration.photoUrlOf,
    registrations: registrationPort,
  });
  const checkin = createCheckinModule(database.db, {
    audit,
    now: options.now,
    credentials: credentials.service,
    registrations: registration.checkinView,
    photoUrlOf: registration.photoUrlOf,
    categoryColours: badges.categoryColours,
    assertEvent: async (caller, organisationId, eventId) => {
      await events.service.get(caller, organisationId, eventId);
    },
    findEvent: async (eventId) => {
      const e = await events.service.findOwner(eventId);
      return e ? { organisationId: e.organisationId, name: e.name, timeZone: e.timeZone } : null;
    },
    realtime,
    log: app.log,
    autoCheckoutTimer: config.NODE_ENV !== 'test',
    bus,
  });
  // Certificates read attendance from check-in (created before them: check-in tells its check-outs as events).
  const certificates = createCertificatesModule(database.db, {
    audit,
    mailer,
    now: options.now,
    publicUrl: publicUrl(config),
    assertEvent: async (caller, organisationId, eventId) => {
      await events.service.get(caller, organisationId, eventId);
    },
    findEvent: (eventId) => events.service.findOwner(eventId),
    attendance: () => (eventId) => checkin.service.attendanceSummaries(eventId),
    registrations: registrationPort,
    userEmail: async (caller) => (await auth.service.me(caller)).email,
    jobs,
    log: app.log,
  });
  const analytics = createAnalyticsModule(database.db, {
    now: options.now,
    getEvent: (caller, org, id) => events.service.get(caller, org, id),
    participantsByType: events.service.participantsByType,
    registrationStats: registration.overviewStats,
    checkinStats: checkin.service.overviewFigures,
  });
  const mailOutbox = createMailOutboxModule(database.db, {
    isEnabled: config.NODE_ENV === 'development' || config.MAIL_OUTBOX_UI === true,
    transport: config.SMTP_URL ? 'smtp' : 'outbox',
    from: config.MAIL_FROM,
  });
  // The module list: each module's routes are registered in this order, and each subscribes to the events it reacts
  // to (its `subscribe(bus)`; who publishes what: ARCHITECTURE.md's module map).
  const modules = [auth, events, workspace, analytics, registration, credentials, ebadge, certificates, badges, checkin, mailOutbox];
  for (const m of modules) if ('subscribe' in m) m.subscribe(bus);

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
    await registerSecurity(surface);
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

    for (const m of modules) await surface.register(m.plugin);
    // Durable events: what a stop or crash left owed is delivered now; later wakes travel through pg-boss when it runs.
    if (jobs) await routeWakesThroughPgBoss(await jobs.boss(), EVENT_OUTBOX_QUEUE, outbox.worker);
    outbox.worker.start();
    surface.addHook('preClose', () => outbox.worker.stop());
    await registerSpa(surface, config.WEB_DIST);
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

  return { app, ctx: { config, clock, database, tokens, mailer, realtime, bus, outbox, auth: auth.service, events: events.service, workspace: workspace.service, registration, analytics: analytics.service, credentials: credentials.service, ebadge: ebadge.service, certificates: certificates.service, certificateMail: certificates.mailWorker, badges: badges.service, checkin: checkin.service, checkinTesting: checkin.testing, routes } };
}
