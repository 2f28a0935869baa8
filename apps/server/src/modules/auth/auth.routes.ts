import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OLD_ACCESS_TOKEN_HEADER,
  ROTATED_REFRESH_TOKEN_HEADER,
  ZAuthRecord,
  ZAutoLoginConsumeRequest,
  ZAutoLoginConsumeResponse,
  ZAutoLoginCreateRequest,
  ZAutoLoginCreateResponse,
  ZForgotPasswordResponse,
  ZLoginLinkMailRequest,
  ZLoginLinkMailResponse,
  ZLoginLinkResponse,
  ZRegistrationLoginLinkRequest,
  ZLoginRequest,
  ZPasswordResetConfirmRequest,
  ZPasswordResetRequest,
  ZRefreshQuery,
  ZResetPasswordResponse,
  ZSignupRequest,
  ZUserData,
  zOk,
} from '@pavilion/domain';
import { requireOrganisation, requireUser } from '../../platform/auth-guard.ts';
import type { AuthService, RequestMeta } from './auth.service.ts';
import type { FastifyRequest } from 'fastify';

const meta = (r: FastifyRequest): RequestMeta => ({ ip: r.ip, userAgent: r.headers['user-agent'] });
const tags = ['auth'];
/** Throttles for anonymous endpoints that send mail or create accounts (per IP). */
const strict = { max: 10, timeWindow: '15 minutes' };

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  app.post(
    '/login',
    { config: { auth: 'public' }, schema: { tags, body: ZLoginRequest, response: { 200: zOk(ZAuthRecord) } } },
    async (req) => ({ status: 'OK' as const, data: await service.login(req.body, meta(req)) }),
  );

  app.post(
    '/signup',
    {
      config: { auth: 'public', rateLimit: strict },
      schema: { tags, body: ZSignupRequest, response: { 201: zOk(ZAuthRecord) } },
    },
    async (req, reply) => reply.status(201).send({ status: 'OK' as const, data: await service.signup(req.body, meta(req)) }),
  );

  // SPEC §7: refresh token as bearer, old access token in a header, empty body; data is the new access token.
  app.post(
    '/generate/accessToken',
    {
      config: { auth: 'refresh' },
      schema: { tags, querystring: ZRefreshQuery, response: { 200: zOk(z.string()) } },
    },
    async (req, reply) => {
      const old = req.headers[OLD_ACCESS_TOKEN_HEADER];
      const out = await service.refresh(req.user, { userId: req.query.userId, oldAccessToken: typeof old === 'string' ? old : undefined }, meta(req));
      reply.header(ROTATED_REFRESH_TOKEN_HEADER, out.refreshToken);
      return { status: 'OK' as const, data: out.accessToken };
    },
  );

  app.post(
    '/logoutUser',
    { config: { auth: 'refresh' }, schema: { tags, response: { 200: zOk(z.object({ loggedOut: z.literal(true) })) } } },
    async (req) => {
      await service.logout(req.user, meta(req));
      return { status: 'OK' as const, data: { loggedOut: true as const } };
    },
  );

  app.get(
    '/me',
    { config: { auth: 'user' }, schema: { tags, response: { 200: zOk(ZUserData) } } },
    async (req) => ({ status: 'OK' as const, data: await service.me(requireUser(req)) }),
  );

  app.post(
    '/password/forgot',
    {
      config: { auth: 'public', rateLimit: strict },
      schema: { tags, body: ZPasswordResetRequest, response: { 200: zOk(ZForgotPasswordResponse) } },
    },
    async (req) => {
      await service.requestPasswordReset(req.body.email, meta(req));
      return { status: 'OK' as const, data: { accepted: true as const } };
    },
  );

  app.post(
    '/password/reset',
    {
      config: { auth: 'public', rateLimit: strict },
      schema: { tags, body: ZPasswordResetConfirmRequest, response: { 200: zOk(ZResetPasswordResponse) } },
    },
    async (req) => {
      await service.resetPassword(req.body.code, req.body.password, meta(req));
      return { status: 'OK' as const, data: { reset: true as const } };
    },
  );

  app.post(
    '/autologin',
    {
      // Auto-login links are made for attendees and exhibitors: the attendee-edit permission (AP-96).
      config: { auth: 'organiser', access: 'AP-96' },
      schema: { tags, body: ZAutoLoginCreateRequest, response: { 201: zOk(ZAutoLoginCreateResponse) } },
    },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.createAutoLoginKey(user, organisationId, req.body) });
    },
  );

  // The registration list's "Login link": made and mailed with the same attendee-edit permission (AP-96).
  app.post(
    '/autologin/registration',
    {
      config: { auth: 'organiser', access: 'AP-96' },
      schema: { tags, body: ZRegistrationLoginLinkRequest, response: { 201: zOk(ZLoginLinkResponse) } },
    },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.createRegistrationLoginLink(user, organisationId, req.body) });
    },
  );

  app.post(
    '/autologin/mail',
    {
      config: { auth: 'organiser', access: 'AP-96' },
      schema: { tags, body: ZLoginLinkMailRequest, response: { 200: zOk(ZLoginLinkMailResponse) } },
    },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.mailLoginLink(user, organisationId, req.body.key) };
    },
  );

  app.post(
    '/autologin/consume',
    {
      config: { auth: 'public', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: { tags, body: ZAutoLoginConsumeRequest, response: { 200: zOk(ZAutoLoginConsumeResponse) } },
    },
    async (req) => ({ status: 'OK' as const, data: await service.consumeAutoLogin(req.body, meta(req)) }),
  );
};
