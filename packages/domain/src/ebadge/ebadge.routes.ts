import { z } from 'zod';
import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import {
  ZEbadgeEventParams,
  ZEbadgeParams,
  ZEbadgeSettings,
  ZEbadgeSettingsRequest,
  ZShareOptionsRequest,
  ZShareOptionsSettings,
  ZEbadgeVerifyInfo,
  ZEbadgeVerifyRequest,
  ZEbadgeVerifyResult,
  ZEbadgeView,
  ZGoogleWalletLink,
  ZMyEbadge,
  ZWalletConfigRequest,
  ZWalletConfigView,
} from './ebadge.schemas.ts';

const tags = ['ebadge'];
const pub = '/api/eventservices/public';
const badge = `${pub}/ebadges/:eventUserId`;

/** The image URL's cache key: the credential's version. */
export const ZEbadgeQrQuery = z.object({ cv: z.string().max(32).optional() });

/**
 * E-badges, wallet passes and verification (issue #5).
 *
 * Public routes: `eventUserId` is the registration id (96 random bits), the capability, as in the confirmation mail
 * (`{PUBLIC_URL}/eb/{id}`). Each QR is a credential, so the badge, its QR, PDF, pkpass and wallet link are sent
 * `Cache-Control: private, no-store` (no shared cache may keep one after a re-issue). A badge that is not admissible
 * (not approved and paid, or revoked) answers 409 EBADGE_NOT_READY where a credential is needed; an unknown id 404
 * EBADGE_NOT_FOUND; a wallet route 404 WALLET_NOT_CONFIGURED without keys.
 *
 * Wallet keys: the env vars GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL, GOOGLE_WALLET_PRIVATE_KEY;
 * APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT_PEM, APPLE_PASS_KEY_PEM, APPLE_PASS_KEY_PASSPHRASE and
 * APPLE_WWDR_PEM (PEMs may use `\n` escapes) win over the organisation's settings.
 */
export const ebadgeRoutes = defineRoutes({
  /**
   * The e-badge: event, attendee, ticket, category if shown, registration number, approval / order / payment state,
   * `isAdmissible`, `notReadyReason`, `credential` {token, version} only when admissible, the active share options
   * and wallet flags.
   */
  view: { method: 'GET', path: badge, auth: 'public', tags, params: ZEbadgeParams, response: ZEbadgeView },
  /** The credential QR as a PNG. */
  qrPng: { method: 'GET', path: `${badge}/qr.png`, auth: 'public', tags, params: ZEbadgeParams, response: fileResponse('image/png') },
  /** The credential QR as an SVG; `cv`, the credential's version, only makes a re-issued QR a new image URL (ignored). */
  qrSvg: { method: 'GET', path: `${badge}/qr.svg`, auth: 'public', tags, params: ZEbadgeParams, query: ZEbadgeQrQuery, response: fileResponse('image/svg+xml') },
  /** The A6 e-badge PDF (attachment). */
  pdf: { method: 'GET', path: `${badge}/ebadge.pdf`, auth: 'public', tags, params: ZEbadgeParams, response: fileResponse('application/pdf') },
  /** An all-day VEVENT (event.ics, attachment); works before approval. */
  ics: { method: 'GET', path: `${badge}/event.ics`, auth: 'public', tags, params: ZEbadgeParams, response: fileResponse('text/calendar; charset=utf-8') },
  /** {saveUrl}: `https://pay.google.com/gp/v/save/<JWT RS256>`. */
  googleWallet: { method: 'GET', path: `${badge}/wallet/google`, auth: 'public', tags, params: ZEbadgeParams, response: ZGoogleWalletLink },
  /** The Apple Wallet pass (attachment). */
  applePass: { method: 'GET', path: `${badge}/wallet/apple.pkpass`, auth: 'public', tags, params: ZEbadgeParams, response: fileResponse('application/vnd.apple.pkpass') },
  /** {eventName, verificationReveal} for the verify page; 404 EVENT_NOT_FOUND. */
  verifyInfo: { method: 'GET', path: `${pub}/events/:eventId/ebadge-verification`, auth: 'public', tags, params: ZEbadgeEventParams, response: ZEbadgeVerifyInfo },
  /**
   * {token, origin?, userName?} → {status valid | revoked | unknown, holder (per reveal level, only when valid),
   * isNameMatch, checkedAt}; 30 requests a minute per IP. Malformed, forged, other-event and unknown tokens all read
   * `unknown` (the page must not help probing); a re-issued or revoked credential, or one whose registration is no
   * longer admissible, reads `revoked`. The SPA page verify/ebadge/{origin}/{eventId}/{userName}: `origin` names who
   * checks (shown and sent along, never trusted); `userName` is the holder the link expects, compared case-, accent-
   * and order-insensitively, and answered only as `isNameMatch`.
   */
  verify: {
    method: 'POST',
    path: `${pub}/events/:eventId/ebadge-verification`,
    auth: 'public',
    tags,
    params: ZEbadgeEventParams,
    body: ZEbadgeVerifyRequest,
    response: ZEbadgeVerifyResult,
  },

  /** A logged-in person's e-badges across events (the `eb` page): registrations whose email is the account's, newest event first. */
  mine: { method: 'GET', path: '/api/eventservices/ebadges/mine', auth: 'user', tags, response: z.array(ZMyEbadge) },

  /** E-Badge Settings (T-67); defaults: reveal `firstName`, show the category, the 4 default share options. */
  settings: { method: 'GET', path: '/api/eventservices/events/:eventId/ebadge-settings', auth: 'organiser', access: 'AP-233', tags, params: ZEbadgeEventParams, response: ZEbadgeSettings },
  /** One share option per platform. */
  saveSettings: {
    method: 'PUT',
    path: '/api/eventservices/events/:eventId/ebadge-settings',
    auth: 'organiser',
    access: 'AP-234',
    tags,
    params: ZEbadgeEventParams,
    body: ZEbadgeSettingsRequest,
    response: ZEbadgeSettings,
  },
  /**
   * Share Options (T-215): the same event-wide options (the e-badge and the share pages show the active ones, by
   * position) on their own screen, for a role that holds AP-785/786 but not the e-badge codes. One per platform.
   */
  shareOptions: { method: 'GET', path: '/api/eventservices/events/:eventId/share-options', auth: 'organiser', access: 'AP-785', tags, params: ZEbadgeEventParams, response: ZShareOptionsSettings },
  saveShareOptions: {
    method: 'PUT',
    path: '/api/eventservices/events/:eventId/share-options',
    auth: 'organiser',
    access: 'AP-786',
    tags,
    params: ZEbadgeEventParams,
    body: ZShareOptionsRequest,
    response: ZShareOptionsSettings,
  },
  /** The organisation's wallet keys: configured or not, source `env` / `settings`, public ids only. */
  wallet: { method: 'GET', path: '/api/eventservices/ebadge-wallet', auth: 'organiser', access: 'AP-233', tags, response: ZWalletConfigView },
  /** {google?, apple?}: `undefined` keeps, `null` clears; keys are parsed before storing (400 invalidKey) and never returned. */
  saveWallet: { method: 'PUT', path: '/api/eventservices/ebadge-wallet', auth: 'organiser', access: 'AP-234', tags, body: ZWalletConfigRequest, response: ZWalletConfigView },
});
