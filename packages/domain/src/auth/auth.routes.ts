import { z } from 'zod';
import { defineRoutes } from '../common/route-contract.ts';
import {
  ZAuthRecord,
  ZAutoLoginConsumeRequest,
  ZAutoLoginConsumeResponse,
  ZAutoLoginCreateRequest,
  ZAutoLoginCreateResponse,
  ZForgotPasswordResponse,
  ZLoginLinkMailRequest,
  ZLoginLinkMailResponse,
  ZLoginLinkResponse,
  ZLoginRequest,
  ZPasswordResetConfirmRequest,
  ZPasswordResetRequest,
  ZRefreshQuery,
  ZRegistrationLoginLinkRequest,
  ZResetPasswordResponse,
  ZSignupRequest,
  ZUserData,
} from './auth.schemas.ts';

const tags = ['auth'];

/** Auth (SPEC §7 service prefix auth/): log in, sign up, tokens, password reset and auto-login links. */
export const authRoutes = defineRoutes({
  login: { method: 'POST', path: '/api/auth/login', auth: 'public', tags, body: ZLoginRequest, response: ZAuthRecord },
  signup: { method: 'POST', path: '/api/auth/signup', auth: 'public', tags, body: ZSignupRequest, status: 201, response: ZAuthRecord },
  /**
   * SPEC §7: the refresh token as bearer, the old access token in the OLD_ACCESS_TOKEN_HEADER header, an empty body;
   * data is the new access token, and the rotated refresh token comes back in ROTATED_REFRESH_TOKEN_HEADER.
   */
  refreshAccessToken: { method: 'POST', path: '/api/auth/generate/accessToken', auth: 'refresh', tags, query: ZRefreshQuery, response: z.string() },
  logout: { method: 'POST', path: '/api/auth/logoutUser', auth: 'refresh', tags, response: z.object({ loggedOut: z.literal(true) }) },
  me: { method: 'GET', path: '/api/auth/me', auth: 'user', tags, response: ZUserData },
  forgotPassword: { method: 'POST', path: '/api/auth/password/forgot', auth: 'public', tags, body: ZPasswordResetRequest, response: ZForgotPasswordResponse },
  resetPassword: { method: 'POST', path: '/api/auth/password/reset', auth: 'public', tags, body: ZPasswordResetConfirmRequest, response: ZResetPasswordResponse },
  /** Auto-login links are made for attendees and exhibitors: the attendee-edit permission (AP-96). */
  createAutoLogin: { method: 'POST', path: '/api/auth/autologin', auth: 'organiser', access: 'AP-96', tags, body: ZAutoLoginCreateRequest, status: 201, response: ZAutoLoginCreateResponse },
  /** The registration list's "Login link": made with the same attendee-edit permission (AP-96). */
  createRegistrationLoginLink: {
    method: 'POST',
    path: '/api/auth/autologin/registration',
    auth: 'organiser',
    access: 'AP-96',
    tags,
    body: ZRegistrationLoginLinkRequest,
    status: 201,
    response: ZLoginLinkResponse,
  },
  /** …and mailed to its holder (AP-96). */
  mailLoginLink: { method: 'POST', path: '/api/auth/autologin/mail', auth: 'organiser', access: 'AP-96', tags, body: ZLoginLinkMailRequest, response: ZLoginLinkMailResponse },
  consumeAutoLogin: { method: 'POST', path: '/api/auth/autologin/consume', auth: 'public', tags, body: ZAutoLoginConsumeRequest, response: ZAutoLoginConsumeResponse },
});
