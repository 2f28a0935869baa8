import { hash, verify } from '@node-rs/argon2';
import { activeUserBaseOf } from './auth.port.ts';
import {
  escapeHtml,
  EMAIL_ERROR_KEY,
  isValidEmail,
  ORGANISER_USER_TYPE,
  REFRESH_TOKEN_TTL_SECONDS,
  WHITE_LABEL_TYPES,
  type TAuthRecord,
  type TAutoLoginConsumeRequest,
  type TAutoLoginCreateRequest,
  type TLoginLinkResponse,
  type TRegistrationLoginLinkRequest,
  UserType,
  type TEventData,
  type TLoginRequest,
  type TSignupRequest,
  type TUserData,
  type TWhiteLabelType,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, Caller } from '../../platform/auth-guard.ts';
import { errors } from '../../platform/errors.ts';
import { hashSecret, newId, newSecret } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Tokens } from '../../platform/tokens.ts';
import { authErrors } from './auth.errors.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

// algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Membership answer the events module gives for an event login. */
export type EventMembership = { eventUserId: string; organisationId: string } | null;

export type AuthServiceDeps = {
  repo: AuthRepository;
  tokens: Tokens;
  mailer: Mailer;
  audit: Audit;
  publicUrl: string;
  /** SPEC §5: in production, addresses at throwaway-mail domains are refused. */
  isProduction?: boolean;
  now?: () => Date;
  /** Called once a new organisation exists (the workspace gives it its preset roles). */
  onOrganisationCreated?: (organisationId: string) => Promise<void>;
  /** The full caller (grants, item scope) for a user id; null when missing or not active. */
  loadCaller: (userId: string) => Promise<Caller | null>;
  /** The events module's answer: is this user in that event (or its organiser)? */
  findEventMembership: (eventId: string, user: { id: string; organisationId: string | null }) => Promise<EventMembership>;
  /** The registration a login link is for; 404 unless the caller may see the event and the registration is in it. */
  findRegistration: (caller: AuthUser, organisationId: string, eventId: string, registrationId: string) => Promise<RegistrantContact>;
  /** Resolves when the caller may work on the event (its organisation and the caller's item-level scope); 404 otherwise. */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<unknown>;
  /** Makes a user a participant of an event (idempotent). */
  addParticipant: (organisationId: string, eventId: string, userId: string, userType: number) => Promise<unknown>;
  /**
   * Whether an `ebf/lgn` link's booth exists at the event, held by a company, and its form (a SPEC §3.5 form code) is on
   * and fits the booth's stall type (exhibition's port).
   */
  hasBoothForm: (eventId: string, boothId: string, formId: string) => Promise<boolean>;
  /** Whether the account is a speaker of the event (programme's port; absent: only Speaker accounts count as speakers). */
  isSpeakerOf?: (eventId: string, userId: string) => Promise<boolean>;
};

export type RegistrantContact = { email: string; firstName: string; lastName: string };

export type RequestMeta = { ip: string; userAgent?: string };

export type ProvisionUserInput = {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
  contactNo?: string | null;
  userType: number;
  role: string;
  accessLevel?: number;
  roleId?: string | null;
  regionId?: string | null;
  isRegionTeam?: boolean;
  whiteLabelType?: string | null;
  sessionUserType?: number | null;
  isInternational?: boolean;
  companyId?: string | null;
};

async function newUserRow(input: ProvisionUserInput & { organisationId: string | null }) {
  return {
    id: newId(),
    organisationId: input.organisationId,
    email: input.email,
    contactNo: input.contactNo ?? null,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName ?? '',
    userType: input.userType,
    role: input.role,
    accessLevel: input.accessLevel ?? 1,
    roleId: input.roleId ?? null,
    regionId: input.regionId ?? null,
    isRegionTeam: input.isRegionTeam ?? false,
    whiteLabelType: input.whiteLabelType ?? null,
    sessionUserType: input.sessionUserType ?? null,
    isInternational: input.isInternational ?? false,
    companyId: input.companyId ?? null,
  };
}

export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? (() => new Date());
  let dummyHash: Promise<string> | null = null;

  function toUserData(u: UserRow): TUserData {
    const wl = u.whiteLabelType as TWhiteLabelType | null;
    return {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      contactNo: u.contactNo ?? '',
      logo: u.logo,
      userType: u.userType,
      isInternational: u.isInternational,
      role: u.role,
      whiteLabelType: wl && (WHITE_LABEL_TYPES as readonly string[]).includes(wl) ? wl : null,
      sessionUserType: u.sessionUserType,
      isRegionTeam: u.isRegionTeam,
    };
  }

  async function issueSession(u: UserRow, meta: RequestMeta, familyId = newId()): Promise<{ accessToken: string; refreshToken: string }> {
    const refreshToken = newSecret();
    await deps.repo.insertRefreshToken({
      id: newId(),
      userId: u.id,
      familyId,
      tokenHash: hashSecret(refreshToken),
      expiresAt: new Date(now().getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
    });
    const accessToken = await deps.tokens.signAccess({ userId: u.id, organisationId: u.organisationId, sessionId: familyId });
    return { accessToken, refreshToken };
  }

  async function eventDataFor(u: UserRow, eventId: string): Promise<TEventData> {
    const membership = await deps.findEventMembership(eventId, { id: u.id, organisationId: u.organisationId });
    if (!membership) throw authErrors.notInEvent();
    const accessCodeToken = await deps.tokens.signEventAccess({ userId: u.id, eventId, eventUserId: membership.eventUserId });
    return { eventUserId: membership.eventUserId, eventId, accessCodeToken };
  }

  async function authRecord(u: UserRow, meta: RequestMeta, eventId?: string): Promise<TAuthRecord> {
    const eventData = eventId ? await eventDataFor(u, eventId) : null;
    const session = await issueSession(u, meta);
    return { ...session, isLogin: true, userData: toUserData(u), eventData };
  }

  async function assertNotThrottled(buckets: string[], identifier: string, meta: RequestMeta): Promise<void> {
    const since = new Date(now().getTime() - LOGIN_FAILURE_WINDOW_MS);
    for (const bucket of buckets) {
      const n = await deps.repo.countRecentFailures(bucket, since);
      if (n >= LOGIN_FAILURE_LIMIT) {
        const oldest = await deps.repo.oldestRecentFailure(bucket, since);
        const retryAfter = oldest ? Math.ceil((oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - now().getTime()) / 1000) : 900;
        await deps.audit.record({ action: 'auth.login.throttled', target: identifier, ip: meta.ip, meta: { bucket } });
        throw authErrors.tooManyAttempts(Math.max(1, retryAfter));
      }
    }
  }

  type LinkTarget = { id: string; contactNo: string | null };
  type LinkScope = { kind: string; eventId?: string | null; formId?: string | null; boothId?: string | null };

  function linkPath(key: string, link: LinkScope, contactNo: string | null): string {
    const contact = encodeURIComponent(contactNo ?? '');
    if (link.kind === 'adl') return `/adl/${key}/${link.eventId}`;
    if (link.kind === 'ebf') return `/ebf/lgn/${key}/${link.formId}/${link.boothId}/${link.eventId}`;
    return link.eventId ? `/exe/lgn/${link.eventId}/${contact}?k=${key}` : `/exe/lgn/${contact}?k=${key}`;
  }

  async function issueLink(actorUserId: string, organisationId: string, target: LinkTarget, input: LinkScope & { ttlMinutes: number }) {
    const key = newSecret();
    const expiresAt = new Date(now().getTime() + input.ttlMinutes * 60_000);
    await deps.repo.insertAutoLoginKey({
      id: newId(),
      keyHash: hashSecret(key),
      kind: input.kind,
      userId: target.id,
      organisationId,
      eventId: input.eventId ?? null,
      formId: input.formId ?? null,
      boothId: input.boothId ?? null,
      createdBy: actorUserId,
      expiresAt,
    });
    await deps.audit.record({ organisationId, actorUserId, action: 'auth.autologin.created', target: target.id, meta: { kind: input.kind } });
    return { key, path: linkPath(key, input, target.contactNo), expiresAt: expiresAt.toISOString() };
  }

  return {
    toUserData,

    async findUserByEmail(email: string): Promise<TUserData | null> {
      const u = await deps.repo.findUserByEmail(email);
      return u ? toUserData(u) : null;
    },

    /** Creates an organisation and its first (host) user; used by signup-like flows and the demo seed. */
    async createOrganisation(input: { name: string; owner: ProvisionUserInput }): Promise<{ organisationId: string; user: TUserData }> {
      const organisationId = newId();
      const user = await deps.repo.createOrganisationWithOwner(
        { id: organisationId, name: input.name },
        await newUserRow({ ...input.owner, organisationId }),
      );
      await deps.onOrganisationCreated?.(organisationId);
      return { organisationId, user: toUserData(user) };
    },

    /** The fields the access guard needs, for an active user only. */
    async activeUserBase(userId: string) {
      return activeUserBaseOf(await deps.repo.findUserById(userId));
    },

    /** Starts a login session for a user who proved who they are another way (an accepted invitation). */
    async sessionFor(userId: string, meta: RequestMeta): Promise<TAuthRecord> {
      const u = await deps.repo.findUserById(userId);
      if (!u) throw errors.notFound('User');
      return authRecord(u, meta);
    },

    /** Sets a participant's first password (a sponsor contact accepting an invitation that made their account). */
    async setPassword(userId: string, password: string): Promise<void> {
      await deps.repo.updatePassword(userId, await hashPassword(password));
    },

    async revokeAllSessions(userId: string): Promise<void> {
      await deps.repo.revokeAllForUser(userId, now());
    },

    /** Creates a user account (participant or team member) with a hashed password. */
    async createUser(input: ProvisionUserInput & { organisationId: string | null }): Promise<TUserData> {
      return toUserData(await deps.repo.insertUser(await newUserRow(input)));
    },

    async login(input: TLoginRequest, meta: RequestMeta): Promise<TAuthRecord> {
      const identifier = input.identifier.trim();
      const accountBucket = `acct:${identifier.toLowerCase()}`;
      const ipBucket = `ip:${meta.ip}`;
      await assertNotThrottled([accountBucket, ipBucket], identifier, meta);
      const user = await deps.repo.findUserByIdentifier(identifier);
      // Verify against a dummy hash when the account is unknown, so timing does not reveal which accounts exist.
      dummyHash ??= hashPassword('Dummy#Password1');
      const ok = await verify(user?.passwordHash ?? (await dummyHash), input.password).catch(() => false);
      if (!user || !ok || user.status !== 'active') {
        await deps.repo.recordFailures([accountBucket, ipBucket], now());
        await deps.audit.record({
          organisationId: user?.organisationId ?? null,
          actorUserId: user?.id ?? null,
          action: 'auth.login.failed',
          target: identifier,
          ip: meta.ip,
          meta: { reason: !user ? 'unknown' : !ok ? 'password' : 'suspended' },
        });
        throw authErrors.invalidCredentials();
      }
      await deps.repo.clearFailures(accountBucket);
      const record = await authRecord(user, meta, input.eventId);
      await deps.audit.record({
        organisationId: user.organisationId,
        actorUserId: user.id,
        action: 'auth.login.succeeded',
        target: input.eventId ?? null,
        ip: meta.ip,
      });
      return record;
    },

    async signup(input: TSignupRequest, meta: RequestMeta): Promise<TAuthRecord> {
      if (!isValidEmail(input.email, { isProduction: deps.isProduction })) {
        throw errors.validation([{ field: 'email', key: EMAIL_ERROR_KEY }]);
      }
      if (await deps.repo.findUserByEmail(input.email)) throw authErrors.emailTaken();
      if (input.contactNo && (await deps.repo.findUserByContactNo(input.contactNo))) throw authErrors.contactTaken();
      const organisationId = newId();
      const user = await deps.repo
        .createOrganisationWithOwner(
          { id: organisationId, name: input.organisationName },
          await newUserRow({ ...input, organisationId, userType: ORGANISER_USER_TYPE, role: 'Host' }),
        )
        .catch((err: unknown) => {
          // A concurrent signup with the same email loses on the unique index.
          if (String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505') {
            throw authErrors.emailTaken();
          }
          throw err;
        });
      await deps.audit.record({ organisationId, actorUserId: user.id, action: 'auth.signup', ip: meta.ip });
      await deps.onOrganisationCreated?.(organisationId);
      return authRecord(user, meta);
    },

    /** SPEC §7 generate/accessToken: rotates the refresh token and returns a new access token. */
    async refresh(
      caller: AuthUser | null,
      input: { userId: string; oldAccessToken?: string },
      meta: RequestMeta,
    ): Promise<{ accessToken: string; refreshToken: string }> {
      if (!caller || caller.via !== 'refresh' || !caller.refreshTokenHash) throw authErrors.refreshRejected();
      if (caller.userId !== input.userId) throw authErrors.refreshRejected();
      if (input.oldAccessToken) {
        const sub = await deps.tokens.subjectOfAnyAccess(input.oldAccessToken);
        if (sub !== input.userId) throw authErrors.refreshRejected();
      }
      const user = await deps.repo.findUserById(caller.userId);
      if (!user || user.status !== 'active') throw authErrors.refreshRejected();
      const row = await deps.repo.findRefreshByHash(caller.refreshTokenHash);
      if (!row) throw authErrors.refreshRejected();
      const replacement = newSecret();
      const replacementId = newId();
      const rotated = await deps.repo.rotateRefreshToken(row.id, replacementId, now());
      if (!rotated) throw authErrors.refreshRejected();
      await deps.repo.insertRefreshToken({
        id: replacementId,
        userId: user.id,
        familyId: row.familyId,
        tokenHash: hashSecret(replacement),
        expiresAt: new Date(now().getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip,
      });
      const accessToken = await deps.tokens.signAccess({ userId: user.id, organisationId: user.organisationId, sessionId: row.familyId });
      return { accessToken, refreshToken: replacement };
    },

    /**
     * Resolves a refresh token presented as bearer. A token that was already rotated is a replay: the whole
     * family is revoked, so a stolen token stops working for its thief and its owner alike.
     */
    async resolveRefreshToken(token: string): Promise<(AuthUser & { refreshTokenHash: string }) | null> {
      const tokenHash = hashSecret(token);
      const row = await deps.repo.findRefreshByHash(tokenHash);
      if (!row) return null;
      if (row.revokedAt) {
        if (row.replacedBy) await deps.repo.revokeFamily(row.familyId, now());
        return null;
      }
      if (row.expiresAt.getTime() <= now().getTime()) return null;
      const user = await deps.repo.findUserById(row.userId);
      if (!user || user.status !== 'active') return null;
      const caller = await deps.loadCaller(user.id);
      if (!caller) return null;
      return {
        ...caller,
        via: 'refresh',
        sessionId: row.familyId,
        refreshTokenHash: tokenHash,
      };
    },

    /** Ends the caller's login session: every refresh token of its family is revoked. */
    async logout(caller: AuthUser | null, meta: RequestMeta): Promise<void> {
      if (!caller) return;
      await deps.repo.revokeFamily(caller.sessionId, now());
      await deps.audit.record({ organisationId: caller.organisationId, actorUserId: caller.userId, action: 'auth.logout', ip: meta.ip });
    },

    async me(caller: AuthUser): Promise<TUserData> {
      const user = await deps.repo.findUserById(caller.userId);
      if (!user) throw errors.notFound('User');
      return toUserData(user);
    },

    async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
      const user = await deps.repo.findUserByEmail(email);
      await deps.audit.record({ organisationId: user?.organisationId ?? null, actorUserId: user?.id ?? null, action: 'auth.reset.requested', target: email, ip: meta.ip });
      if (!user || user.status !== 'active') return;
      const code = newSecret();
      await deps.repo.insertPasswordReset({
        id: newId(),
        userId: user.id,
        codeHash: hashSecret(code),
        expiresAt: new Date(now().getTime() + PASSWORD_RESET_TTL_MS),
      });
      const link = `${deps.publicUrl}/er/${code}`;
      await deps.mailer.send({
        to: user.email,
        organisationId: user.organisationId,
        subject: 'Reset your Pavilion password',
        text: `Hello ${user.firstName},\n\nUse this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this message.`,
        html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Use this link within 30 minutes to choose a new password:</p><p><a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this message.</p>`,
      });
    },

    async resetPassword(code: string, password: string, meta: RequestMeta): Promise<void> {
      const used = await deps.repo.consumePasswordReset(hashSecret(code), now());
      if (!used) throw authErrors.resetCodeInvalid();
      await deps.repo.updatePassword(used.userId, await hashPassword(password));
      await deps.repo.revokeAllForUser(used.userId, now());
      await deps.audit.record({ actorUserId: used.userId, action: 'auth.reset.completed', ip: meta.ip });
    },

    async createAutoLoginKey(caller: AuthUser, organisationId: string, input: TAutoLoginCreateRequest) {
      const target = await deps.repo.findUserById(input.userId);
      if (!target) throw errors.notFound('User');
      // The target is in the caller's organisation, or takes part in one of its events.
      if (target.organisationId !== organisationId) {
        if (!input.eventId) throw errors.notFound('User');
        const m = await deps.findEventMembership(input.eventId, { id: target.id, organisationId: target.organisationId });
        if (!m || m.organisationId !== organisationId) throw errors.notFound('User');
      }
      if (input.kind === 'adl' && !input.eventId) throw errors.validation([{ field: 'eventId', key: 'required' }]);
      if (input.kind === 'ebf' && (!input.eventId || !input.formId || !input.boothId)) {
        throw errors.validation(
          (['eventId', 'formId', 'boothId'] as const).filter((f) => !input[f]).map((field) => ({ field, key: 'required' })),
        );
      }
      if (input.kind === 'exe' && !target.contactNo) throw errors.validation([{ field: 'userId', key: 'contactNoMissing' }]);
      // A link signs its holder in as the target: a team member may make one for themselves, never for a colleague
      // (whose role may hold more than theirs).
      if (target.organisationId !== null && target.id !== caller.userId) throw authErrors.loginLinkTeamAccount();
      // The event must be one the caller may work on (organisation and item-level scope), or it answers 404.
      if (input.eventId) await deps.assertEvent(caller, organisationId, input.eventId);
      if (input.kind === 'ebf' && !(await deps.hasBoothForm(input.eventId!, input.boothId!, input.formId!))) throw authErrors.unknownBoothOrForm();
      return issueLink(caller.userId, organisationId, target, input);
    },

    /**
     * An `adl` link that a module sends on its own authority (exhibition's stand-team mail, which a company's admin
     * may set off as well as the organiser): only for an active participant account (never a team account) that
     * takes part in this organisation's event. Null otherwise: the module then mails without a link.
     */
    async createParticipantEventLink(actorUserId: string, organisationId: string, input: { userId: string; eventId: string; ttlMinutes: number }) {
      const target = await deps.repo.findUserById(input.userId);
      if (!target || target.organisationId !== null || target.status !== 'active') return null;
      const m = await deps.findEventMembership(input.eventId, { id: target.id, organisationId: null });
      if (!m || m.organisationId !== organisationId) return null;
      return issueLink(actorUserId, organisationId, target, { kind: 'adl', eventId: input.eventId, ttlMinutes: input.ttlMinutes });
    },

    /**
     * The registration's login link (the registration list's row menu): an `adl` link to its event for the
     * participant account with the registration's email, created (with an unguessable password, so only the link or
     * a password reset opens it) when there is none yet.
     */
    async createRegistrationLoginLink(caller: AuthUser, organisationId: string, input: TRegistrationLoginLinkRequest): Promise<TLoginLinkResponse> {
      const registrant = await deps.findRegistration(caller, organisationId, input.eventId, input.registrationId);
      let user = await deps.repo.findUserByEmail(registrant.email);
      if (user && user.organisationId !== null) throw authErrors.loginLinkTeamAccount();
      if (user && user.status !== 'active') throw authErrors.accountSuspended();
      if (!user) {
        user = await deps.repo.insertUser(
          await newUserRow({
            organisationId: null,
            email: registrant.email,
            password: newSecret(),
            firstName: registrant.firstName,
            lastName: registrant.lastName,
            userType: UserType.Attendee,
            role: 'Attendee',
          }),
        );
        await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'auth.account.created_for_registration', target: user.id, meta: { registrationId: input.registrationId } });
      }
      // Joining is idempotent: an account that already takes part keeps its participant type.
      await deps.addParticipant(organisationId, input.eventId, user.id, user.userType);
      const link = await issueLink(caller.userId, organisationId, user, { kind: 'adl', eventId: input.eventId, ttlMinutes: input.ttlMinutes ?? 60 * 24 * 7 });
      return { ...link, url: `${deps.publicUrl}${link.path}`, email: user.email };
    },

    /** Mails an unused, unexpired link this organisation made to the email of the account it signs in. */
    async mailLoginLink(caller: AuthUser, organisationId: string, key: string): Promise<{ sentTo: string; expiresAt: string }> {
      const row = await deps.repo.findAutoLoginKey(hashSecret(key));
      if (!row || row.organisationId !== organisationId) throw errors.notFound('Login link');
      if (row.eventId) await deps.assertEvent(caller, organisationId, row.eventId).catch(() => Promise.reject(errors.notFound('Login link')));
      if (row.usedAt || row.expiresAt <= now()) throw authErrors.linkExpired();
      const user = await deps.repo.findUserById(row.userId);
      if (!user || user.status !== 'active') throw errors.notFound('Login link');
      const url = `${deps.publicUrl}${linkPath(key, row, user.contactNo)}`;
      const until = row.expiresAt.toUTCString();
      await deps.mailer.send({
        to: user.email,
        organisationId,
        eventId: row.eventId,
        subject: 'Your sign-in link for Pavilion',
        text: `Hello ${user.firstName},\n\nOpen this link to sign in. It works once, until ${until}:\n${url}\n\nIf you did not expect this message, ignore it.`,
        html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Open this link to sign in. It works once, until ${escapeHtml(until)}:</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>If you did not expect this message, ignore it.</p>`,
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'auth.autologin.mailed', target: user.id, meta: { kind: row.kind } });
      return { sentTo: user.email, expiresAt: row.expiresAt.toISOString() };
    },

    /** Auto-login keys are random, expire, and work once; every mismatch answers the same 410. */
    async consumeAutoLogin(input: TAutoLoginConsumeRequest, meta: RequestMeta): Promise<TAuthRecord & { redirectTo: string }> {
      // An exhibitor form link names its booth and form: when they do not exist, say so (the key stays unused).
      if (input.kind === 'ebf' && !(input.eventId && input.boothId && input.formId && (await deps.hasBoothForm(input.eventId, input.boothId, input.formId)))) {
        throw authErrors.unknownBoothOrForm();
      }
      const row = await deps.repo.findAutoLoginKey(hashSecret(input.key));
      if (!row || row.kind !== input.kind) throw authErrors.linkExpired();
      if (row.eventId && input.eventId !== undefined && row.eventId !== input.eventId) throw authErrors.linkExpired();
      if (row.kind === 'adl' && input.eventId !== row.eventId) throw authErrors.linkExpired();
      if (row.kind === 'ebf' && (input.formId !== row.formId || input.boothId !== row.boothId || input.eventId !== row.eventId)) {
        throw authErrors.linkExpired();
      }
      const user = await deps.repo.findUserById(row.userId);
      if (!user || user.status !== 'active') throw authErrors.linkExpired();
      if (row.kind === 'exe' && input.contactNo !== user.contactNo) throw authErrors.linkExpired();
      if (!(await deps.repo.consumeAutoLoginKey(row.id, now()))) throw authErrors.linkExpired();
      const record = await authRecord(user, meta, row.eventId ?? undefined);
      await deps.audit.record({ organisationId: row.organisationId, actorUserId: user.id, action: 'auth.autologin.used', ip: meta.ip, meta: { kind: row.kind } });
      const isOrganiser = user.organisationId !== null;
      // A speaker's invitation (modules/programme) opens "My speaker profile": a Speaker account's, and an account of
      // another participant type (an attendee invited later keeps its type) that is a speaker of the link's event.
      const isSpeaker = row.kind === 'adl' && !isOrganiser && (user.userType === UserType.Speaker || (!!row.eventId && !!(await deps.isSpeakerOf?.(row.eventId, user.id))));
      // Participants (attendees, exhibitors, speakers ...) land on their event home, which says what works today; a
      // company admin's onsite form link opens that form for that booth in their stand area.
      const redirectTo = !isOrganiser
        ? row.kind === 'ebf'
          ? `/attendium/stand/${encodeURIComponent(row.boothId ?? '')}/${encodeURIComponent(row.formId ?? '')}`
          : isSpeaker
            ? '/attendium/speaker'
            : // A sponsor contact's invitation (modules/sponsors) opens "My sponsorship".
              user.userType === UserType.Sponsor && row.kind === 'adl'
              ? '/attendium/sponsorship'
              : '/attendium'
        : row.kind === 'ebf'
          ? `/app?eventId=${row.eventId}&formId=${row.formId}&boothId=${row.boothId}`
          : row.eventId
            ? `/app?eventId=${row.eventId}`
            : '/list/events';
      return { ...record, redirectTo };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

