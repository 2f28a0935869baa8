import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccessLevel, USER_ACCESS_TOKEN_HEADER, isAccessCode, isAccessGranted, type TAccessCodeString, type TRouteAuth } from '@pavilion/domain';
import { AppError } from './errors.ts';
import { isJwtShaped, type Tokens } from './tokens.ts';

/**
 * What a route requires, declared on every /api route as `config: { auth }`:
 * - public: anyone; a valid bearer is still read (page views record the user).
 * - user: any logged-in user, with the access token.
 * - organiser: a user acting inside an organisation (host side).
 * - device: a check-in device's own token (not a user); the check-in module verifies it in its hook.
 * - refresh: the access token or, as SPEC §7's fallback, the refresh token. Only the two auth calls that must work
 *   once the access token is gone (generate/accessToken and logoutUser) declare it.
 * Organiser routes also declare `config.access`: the SPEC §2.7 action code (AP-n) the caller's role must hold,
 * with its whole menu → submenu → tab chain. Admin Access members hold every code.
 */
export type RouteAuth = TRouteAuth;

export type AuthUser = {
  userId: string;
  organisationId: string | null;
  role: string;
  userType: number;
  /** SPEC §3.10: 1 Admin Access (every code), 2 User Access (the role's codes). */
  accessLevel: number;
  grants: ReadonlySet<string>;
  /** Item-level access: ids per item type ('event', 'booth'); a missing type means every item. */
  itemScope: ReadonlyMap<string, ReadonlySet<string>>;
  regionId: string | null;
  isRegionTeam: boolean;
  via: 'access' | 'refresh';
  /** The login session (refresh-token family) this call belongs to. */
  sessionId: string;
  /** The presented refresh token's hash when via = refresh. */
  refreshTokenHash?: string;
};

export type EventAccess = { eventId: string; eventUserId: string };

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    access?: TAccessCodeString;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    eventAccess: EventAccess | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The caller as the guard needs it, loaded on every request so role and status changes apply at once. */
export type Caller = Omit<AuthUser, 'via' | 'sessionId' | 'refreshTokenHash'>;
export type ActiveUserLookup = (userId: string) => Promise<Caller | null>;
export type RefreshLookup = (token: string) => Promise<(AuthUser & { refreshTokenHash: string }) | null>;

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

export function requireUser(request: Pick<FastifyRequest, 'user'>): AuthUser {
  if (!request.user) throw new AppError(401, 'UNAUTHORISED', 'Please log in');
  return request.user;
}

export function requireOrganisation(request: Pick<FastifyRequest, 'user'>): { user: AuthUser; organisationId: string } {
  const user = requireUser(request);
  if (!user.organisationId) throw new AppError(403, 'FORBIDDEN', 'This needs an organiser account');
  return { user, organisationId: user.organisationId };
}

/** Every API route with what it requires; the access-matrix test walks this list. */
export type RouteDeclaration = { method: string; url: string; auth: RouteAuth; access: string | null };

export function registerAuthGuard(
  app: FastifyInstance,
  deps: { tokens: Tokens; findActiveUser: ActiveUserLookup; findRefresh: RefreshLookup },
): RouteDeclaration[] {
  const catalogue: RouteDeclaration[] = [];
  app.decorateRequest('user', null);
  app.decorateRequest('eventAccess', null);

  // Every API route must say who may call it; a route without a declaration stops start-up.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (route.url.startsWith('/api/docs')) return;
    const config = route.config as { auth?: RouteAuth; access?: string } | undefined;
    const auth = config?.auth;
    if (!auth) throw new Error(`Route ${route.method} ${route.url} declares no config.auth`);
    if (auth === 'organiser' && !config?.access) throw new Error(`Organiser route ${route.method} ${route.url} declares no config.access code`);
    if (config?.access && !isAccessCode(config.access)) throw new Error(`Route ${route.method} ${route.url} declares unknown access code ${config.access}`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') catalogue.push({ method, url: route.url, auth, access: config?.access ?? null });
    }
  });

  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config?.auth;
    if (!auth) return;
    const token = bearer(request);
    if (token) {
      if (isJwtShaped(token)) {
        const claims = await deps.tokens.verifyAccess(token);
        if (claims) {
          const caller = await deps.findActiveUser(claims.userId);
          if (caller) request.user = { ...caller, via: 'access', sessionId: claims.sessionId };
        }
      } else if (auth === 'refresh') {
        request.user = await deps.findRefresh(token);
      }
    }
    const accessHeader = request.headers[USER_ACCESS_TOKEN_HEADER];
    if (typeof accessHeader === 'string' && accessHeader && request.user) {
      const ev = await deps.tokens.verifyEventAccess(accessHeader);
      if (!ev || ev.userId !== request.user.userId) {
        throw new AppError(401, 'INVALID_USER_ACCESS_TOKEN', 'The event access token is not valid for this user');
      }
      request.eventAccess = { eventId: ev.eventId, eventUserId: ev.eventUserId };
    }
    if (auth === 'public' || auth === 'device') return;
    if (!request.user) {
      throw new AppError(401, token ? 'TOKEN_INVALID' : 'UNAUTHORISED', token ? 'Your session is not valid' : 'Please log in');
    }
    if (auth === 'organiser' || auth === 'member') {
      if (!request.user.organisationId) throw new AppError(403, 'FORBIDDEN', 'This needs an organiser account');
      if (auth === 'member') return;
      const code = request.routeOptions.config.access!;
      if (!hasAccess(request.user, code)) {
        throw new AppError(403, 'ACCESS_DENIED', `Your role does not include ${code}`);
      }
    }
  });
  return catalogue;
}

export function hasAccess(user: Pick<AuthUser, 'accessLevel' | 'grants' | 'organisationId'>, code: string): boolean {
  if (!user.organisationId) return false;
  return user.accessLevel === AccessLevel.AdminAccess || isAccessGranted(user.grants, code);
}

/** True when item-level access lets the caller reach this item. */
export function canReachItem(user: Pick<AuthUser, 'itemScope'>, itemType: string, itemId: string): boolean {
  const scope = user.itemScope.get(itemType);
  return !scope || scope.has(itemId);
}
