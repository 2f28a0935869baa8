import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OLD_ACCESS_TOKEN_HEADER, ROTATED_REFRESH_TOKEN_HEADER } from '@pavilion/domain';
import { authRoutes as routes } from '@pavilion/domain/auth/auth.routes';
import { requireOrganisation, requireUser } from '../../platform/auth-guard.ts';
import { route } from '../../platform/contract-routes.ts';
import type { AuthService, RequestMeta } from './auth.service.ts';

const meta = (r: Pick<FastifyRequest, 'ip' | 'headers'>): RequestMeta => ({ ip: r.ip, userAgent: r.headers['user-agent'] });
/** Throttles for anonymous endpoints that send mail or create accounts (per IP). */
const strict = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

/** The auth contracts (packages/domain/src/auth/auth.routes.ts), served. */
export function registerAuthRoutes(app: FastifyInstance, service: AuthService): void {
  route(app, routes.login, async (req) => service.login(req.body, meta(req)));
  route(app, routes.signup, async (req) => service.signup(req.body, meta(req)), strict);

  route(app, routes.refreshAccessToken, async (req, reply) => {
    const old = req.headers[OLD_ACCESS_TOKEN_HEADER];
    const out = await service.refresh(req.user, { userId: req.query.userId, oldAccessToken: typeof old === 'string' ? old : undefined }, meta(req));
    reply.header(ROTATED_REFRESH_TOKEN_HEADER, out.refreshToken);
    return out.accessToken;
  });

  route(app, routes.logout, async (req) => {
    await service.logout(req.user, meta(req));
    return { loggedOut: true as const };
  });

  route(app, routes.me, async (req) => service.me(requireUser(req)));

  route(
    app,
    routes.forgotPassword,
    async (req) => {
      await service.requestPasswordReset(req.body.email, meta(req));
      return { accepted: true as const };
    },
    strict,
  );

  route(
    app,
    routes.resetPassword,
    async (req) => {
      await service.resetPassword(req.body.code, req.body.password, meta(req));
      return { reset: true as const };
    },
    strict,
  );

  route(app, routes.createAutoLogin, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return service.createAutoLoginKey(user, organisationId, req.body);
  });

  route(app, routes.createRegistrationLoginLink, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return service.createRegistrationLoginLink(user, organisationId, req.body);
  });

  route(app, routes.mailLoginLink, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return service.mailLoginLink(user, organisationId, req.body.key);
  });

  route(app, routes.consumeAutoLogin, async (req) => service.consumeAutoLogin(req.body, meta(req)), { rateLimit: { max: 30, timeWindow: '15 minutes' } });
}
