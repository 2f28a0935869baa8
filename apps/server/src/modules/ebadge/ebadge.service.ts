import { importPKCS8 } from 'jose';
import {
  DEFAULT_SHARE_OPTIONS,
  isSameName,
  type TEbadgeNotReadyReason,
  type TEbadgeSettings,
  type TEbadgeSettingsRequest,
  type TEbadgeVerifyInfo,
  type TEbadgeVerifyRequest,
  type TEbadgeVerifyResult,
  type TEbadgeView,
  type TMyEbadge,
  type TShareOption,
  type TShareOptionsRequest,
  type TShareOptionsSettings,
  type TVerificationReveal,
  type TWalletConfigRequest,
  type TWalletConfigView,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import { openOptional, sealOptional, type SecretBox } from '../../platform/secret-box.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { CredentialsService } from '../credentials/index.ts';
import { notAdmissibleReason } from '../registration/index.ts';
import type { EbadgeRepository, EbadgeSource } from './ebadge.repository.ts';
import { ebadgeErrors } from './ebadge.errors.ts';
import type { AppleWalletKeys, GoogleWalletKeys } from './ebadge.tables.ts';
import { qrPng, qrSvg, renderEbadgePdf, renderIcs } from './ebadge.documents.ts';
import { applePass, googleWalletSaveUrl, walletKeysFromEnv, type WalletPassInput } from './wallet.ts';

/** Why an e-badge is not ready: registration's admissibility rule, whose reasons are the e-badge's. */
export const notReadyReason: (s: Pick<EbadgeSource, 'approvalStatus' | 'orderStatus' | 'paymentStatus'>) => TEbadgeNotReadyReason | null = notAdmissibleReason;

const ORGANISATION_KEYS = ['organisation', 'organization', 'company', 'companyName', 'organisationName', 'organizationName'];
function organisationOf(answers: Record<string, unknown>): string | undefined {
  for (const k of ORGANISATION_KEYS) {
    const v = answers[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return undefined;
}

/** The holder's data a verification page may show, by the organiser's reveal level. */
export function revealHolder(level: TVerificationReveal, s: Pick<EbadgeSource, 'firstName' | 'lastName' | 'answers'>): TEbadgeVerifyResult['holder'] {
  switch (level) {
    case 'nothing':
      return null;
    case 'firstName':
      return { firstName: s.firstName };
    case 'fullName':
      return { firstName: s.firstName, lastName: s.lastName };
    case 'fullNameOrganisation': {
      const organisation = organisationOf(s.answers);
      return { firstName: s.firstName, lastName: s.lastName, ...(organisation ? { organisation } : {}) };
    }
  }
}

/** SPEC §3.7: one share option per platform. */
function assertOnePerPlatform(options: readonly TShareOption[]): void {
  if (new Set(options.map((o) => o.platform)).size !== options.length) throw ebadgeErrors.duplicatePlatform();
}

export const DEFAULT_EBADGE_SETTINGS: TEbadgeSettings = { verificationReveal: 'firstName', showCategory: true, shareOptions: [...DEFAULT_SHARE_OPTIONS] };

export function createEbadgeService(deps: {
  repo: EbadgeRepository;
  credentials: Pick<CredentialsService, 'ensure' | 'resolve' | 'statusOf'>;
  audit: Audit;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEvent: (eventId: string) => Promise<{ id: string; organisationId: string; name: string } | null>;
  /** The event's public facts (dates, venue) for its calendar entry. */
  findEventFacts: (eventId: string) => Promise<{ id: string; name: string; startDate: string; endDate: string; venue: string | null } | null>;
  userEmail: (caller: AuthUser) => Promise<string>;
  publicUrl: string;
  env: Record<string, string | undefined>;
  /** Seals the private keys and passphrase at rest (platform/secret-box.ts). */
  secrets: SecretBox;
  /** The registration's signed photo URL (registration module), or null. */
  photoUrlOf: (registrationId: string, photoUpdatedAt: Date | null) => string | null;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const envKeys = walletKeysFromEnv(deps.env);

  async function settingsOf(eventId: string): Promise<TEbadgeSettings> {
    const row = await repo.findSettings(eventId);
    if (!row) return DEFAULT_EBADGE_SETTINGS;
    return { verificationReveal: row.verificationReveal as TVerificationReveal, showCategory: row.showCategory, shareOptions: row.shareOptions };
  }

  async function walletKeys(organisationId: string): Promise<{ google: GoogleWalletKeys | null; apple: AppleWalletKeys | null; row: Awaited<ReturnType<EbadgeRepository['findWallet']>> }> {
    const row = await repo.findWallet(organisationId);
    const google = row?.google ? { ...row.google, privateKeyPem: deps.secrets.open(row.google.privateKeyPem) } : null;
    const apple = row?.apple ? { ...row.apple, signerKeyPem: deps.secrets.open(row.apple.signerKeyPem), signerKeyPassphrase: openOptional(deps.secrets, row.apple.signerKeyPassphrase) } : null;
    return { google: envKeys.google ?? google, apple: envKeys.apple ?? apple, row };
  }

  async function source(eventUserId: string): Promise<EbadgeSource> {
    const s = await repo.findSource(eventUserId);
    if (!s) throw ebadgeErrors.notFound();
    return s;
  }

  /** The current credential of an admissible registration, or null with the reason. */
  async function admissibleCredential(s: EbadgeSource): Promise<{ token: string; version: number } | { reason: TEbadgeNotReadyReason }> {
    const reason = notReadyReason(s);
    if (reason) return { reason };
    const cred = await deps.credentials.ensure(s.eventId, s.id);
    if (cred.status === 'revoked') return { reason: 'revoked' };
    return { token: cred.token, version: cred.version };
  }

  async function readyToken(eventUserId: string): Promise<{ s: EbadgeSource; token: string }> {
    const s = await source(eventUserId);
    const c = await admissibleCredential(s);
    if ('reason' in c) throw ebadgeErrors.notReady();
    return { s, token: c.token };
  }

  const dates = (e: EbadgeSource['event']) => (e.startDate === e.endDate ? e.startDate : `${e.startDate} – ${e.endDate}`);
  const holder = (s: EbadgeSource) => `${s.firstName} ${s.lastName}`.trim();

  async function walletInput(s: EbadgeSource, token: string): Promise<WalletPassInput> {
    const settings = await settingsOf(s.eventId);
    return {
      registrationId: s.id,
      registrationNo: s.registrationNo,
      holderName: holder(s),
      ticketName: s.ticketName ?? '',
      categoryName: settings.showCategory ? s.categoryName : null,
      token,
      event: s.event,
      organisationName: s.event.name,
    };
  }

  return {
    async view(eventUserId: string): Promise<TEbadgeView> {
      const s = await source(eventUserId);
      const [settings, cred, keys] = await Promise.all([settingsOf(s.eventId), admissibleCredential(s), walletKeys(s.organisationId)]);
      const isAdmissible = !('reason' in cred);
      return {
        eventUserId: s.id,
        event: { id: s.event.id, name: s.event.name, startDate: s.event.startDate, endDate: s.event.endDate, timeZone: s.event.timeZone, venue: s.event.venue },
        attendee: { firstName: s.firstName, lastName: s.lastName },
        registrationNo: s.registrationNo,
        ticketName: s.ticketName ?? '',
        categoryName: settings.showCategory ? s.categoryName : null,
        approvalStatus: s.approvalStatus,
        orderStatus: s.orderStatus,
        paymentStatus: s.paymentStatus,
        isAdmissible,
        notReadyReason: 'reason' in cred ? cred.reason : null,
        credential: 'reason' in cred ? null : cred,
        shareOptions: settings.shareOptions.filter((o) => o.active),
        wallet: { apple: isAdmissible && keys.apple !== null, google: isAdmissible && keys.google !== null },
      };
    },
    async qr(eventUserId: string, format: 'png' | 'svg'): Promise<Buffer | string> {
      const { token } = await readyToken(eventUserId);
      return format === 'png' ? qrPng(token) : qrSvg(token);
    },
    async pdf(eventUserId: string): Promise<{ pdf: Buffer; fileName: string }> {
      const { s, token } = await readyToken(eventUserId);
      const settings = await settingsOf(s.eventId);
      const pdf = await renderEbadgePdf({
        eventName: s.event.name,
        dates: dates(s.event),
        venue: s.event.venue,
        holderName: holder(s),
        ticketName: s.ticketName ?? '',
        categoryName: settings.showCategory ? s.categoryName : null,
        registrationNo: s.registrationNo,
        token,
      });
      return { pdf, fileName: `ebadge-${s.registrationNo.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf` };
    },
    /** Add-to-calendar works before approval too: it names the event, not the credential. */
    async ics(eventUserId: string): Promise<string> {
      const s = await source(eventUserId);
      return renderIcs({
        uid: `${s.id}@pavilion`,
        name: s.event.name,
        startDate: s.event.startDate,
        endDate: s.event.endDate,
        venue: s.event.venue,
        description: `Your e-badge: ${deps.publicUrl}/eb/${s.id}`,
        url: `${deps.publicUrl}/eb/${s.id}`,
      });
    },
    /** The event's active share options in `position` order (SPEC §3.7; stored with the e-badge settings, one store). */
    async shareOptionsOf(eventId: string) {
      return (await settingsOf(eventId)).shareOptions.filter((o) => o.active).sort((a, b) => a.position - b.position);
    },
    /** The event (not anyone's e-badge) as an all-day VEVENT, for share pages: the same `ics` rendering as the e-badge's. */
    async eventIcs(eventId: string, pageUrl: string): Promise<string> {
      const e = await deps.findEventFacts(eventId);
      if (!e) throw ebadgeErrors.eventNotFound();
      return renderIcs({ uid: `${e.id}@pavilion`, name: e.name, startDate: e.startDate, endDate: e.endDate, venue: e.venue ?? '', description: pageUrl, url: pageUrl });
    },
    async googleWallet(eventUserId: string): Promise<{ saveUrl: string }> {
      const { s, token } = await readyToken(eventUserId);
      const keys = await walletKeys(s.organisationId);
      if (!keys.google) throw ebadgeErrors.walletNotConfigured('google');
      return { saveUrl: await googleWalletSaveUrl(keys.google, await walletInput(s, token), deps.publicUrl, now()) };
    },
    async applePass(eventUserId: string): Promise<{ pkpass: Buffer; fileName: string }> {
      const { s, token } = await readyToken(eventUserId);
      const keys = await walletKeys(s.organisationId);
      if (!keys.apple) throw ebadgeErrors.walletNotConfigured('apple');
      return { pkpass: await applePass(keys.apple, await walletInput(s, token)), fileName: `ebadge-${s.registrationNo.replace(/[^A-Za-z0-9_-]/g, '_')}.pkpass` };
    },
    async mine(caller: AuthUser): Promise<TMyEbadge[]> {
      const email = await deps.userEmail(caller);
      const rows = await repo.sourcesByEmail(email);
      return rows.map((s) => ({
        eventUserId: s.id,
        eventId: s.eventId,
        eventName: s.event.name,
        startDate: s.event.startDate,
        endDate: s.event.endDate,
        venue: s.event.venue,
        firstName: s.firstName,
        lastName: s.lastName,
        ticketName: s.ticketName ?? '',
        registrationNo: s.registrationNo,
        isAdmissible: notReadyReason(s) === null,
        photoUrl: deps.photoUrlOf(s.id, s.photoUpdatedAt),
      }));
    },
    async verifyInfo(eventId: string): Promise<TEbadgeVerifyInfo> {
      const event = await deps.findEvent(eventId);
      if (!event) throw ebadgeErrors.eventNotFound();
      return { eventId, eventName: event.name, verificationReveal: (await settingsOf(eventId)).verificationReveal };
    },
    /**
     * valid / revoked / unknown for a pasted or scanned credential. A signature that checks but belongs to another
     * event, a forgery and garbage all read "unknown": the page must not help anyone probe. A credential whose
     * registration stopped being admissible (disapproved, cancelled) reads "revoked".
     */
    async verify(eventId: string, req: TEbadgeVerifyRequest): Promise<TEbadgeVerifyResult> {
      const event = await deps.findEvent(eventId);
      if (!event) throw ebadgeErrors.eventNotFound();
      const resolution = await deps.credentials.resolve(req.token, eventId);
      let status = deps.credentials.statusOf(resolution);
      let s: EbadgeSource | null = null;
      if (status === 'valid' && resolution.credential) {
        s = await repo.sourceInEvent(eventId, resolution.credential.registrationId);
        if (!s) status = 'unknown';
        else if (notReadyReason(s)) status = 'revoked';
      }
      const settings = await settingsOf(eventId);
      const isValid = status === 'valid' && s !== null;
      return {
        status,
        eventName: event.name,
        holder: isValid ? revealHolder(settings.verificationReveal, s!) : null,
        isNameMatch: isValid && req.userName ? isSameName(req.userName, s!.firstName, s!.lastName) : null,
        checkedAt: now().toISOString(),
      };
    },
    async getSettings(caller: AuthUser, organisationId: string, eventId: string): Promise<TEbadgeSettings> {
      await deps.assertEvent(caller, organisationId, eventId);
      return settingsOf(eventId);
    },
    async saveSettings(caller: AuthUser, organisationId: string, eventId: string, input: TEbadgeSettingsRequest): Promise<TEbadgeSettings> {
      await deps.assertEvent(caller, organisationId, eventId);
      assertOnePerPlatform(input.shareOptions);
      await repo.upsertSettings({ eventId, organisationId, verificationReveal: input.verificationReveal, showCategory: input.showCategory, shareOptions: input.shareOptions });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'ebadge.settings', target: eventId, meta: { verificationReveal: input.verificationReveal } });
      return settingsOf(eventId);
    },
    async getShareOptions(caller: AuthUser, organisationId: string, eventId: string): Promise<TShareOptionsSettings> {
      await deps.assertEvent(caller, organisationId, eventId);
      return { shareOptions: (await settingsOf(eventId)).shareOptions };
    },
    async saveShareOptions(caller: AuthUser, organisationId: string, eventId: string, input: TShareOptionsRequest): Promise<TShareOptionsSettings> {
      await deps.assertEvent(caller, organisationId, eventId);
      assertOnePerPlatform(input.shareOptions);
      await repo.upsertShareOptions({ eventId, organisationId, shareOptions: input.shareOptions });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'share.options', target: eventId, meta: { active: input.shareOptions.filter((o) => o.active).map((o) => o.platform) } });
      return { shareOptions: (await settingsOf(eventId)).shareOptions };
    },
    async walletView(organisationId: string): Promise<TWalletConfigView> {
      const { row } = await walletKeys(organisationId);
      const g = envKeys.google ?? row?.google ?? null;
      const a = envKeys.apple ?? row?.apple ?? null;
      return {
        google: { isConfigured: g !== null, source: envKeys.google ? 'env' : row?.google ? 'settings' : null, issuerId: g?.issuerId ?? null, serviceAccountEmail: g?.serviceAccountEmail ?? null },
        apple: { isConfigured: a !== null, source: envKeys.apple ? 'env' : row?.apple ? 'settings' : null, passTypeIdentifier: a?.passTypeIdentifier ?? null, teamIdentifier: a?.teamIdentifier ?? null },
      };
    },
    /** Keys are checked before they are stored: a key that cannot sign would only fail at the attendee's tap. */
    async saveWallet(caller: AuthUser, organisationId: string, input: TWalletConfigRequest): Promise<TWalletConfigView> {
      if (input.google) {
        try {
          await importPKCS8(input.google.privateKeyPem, 'RS256');
        } catch {
          throw ebadgeErrors.invalidKey('google.privateKeyPem');
        }
      }
      if (input.apple) {
        const forge = (await import('node-forge')).default;
        try {
          forge.pki.certificateFromPem(input.apple.signerCertPem);
        } catch {
          throw ebadgeErrors.invalidKey('apple.signerCertPem');
        }
        try {
          forge.pki.certificateFromPem(input.apple.wwdrPem);
        } catch {
          throw ebadgeErrors.invalidKey('apple.wwdrPem');
        }
        let key: unknown = null;
        try {
          key = forge.pki.decryptRsaPrivateKey(input.apple.signerKeyPem, input.apple.signerKeyPassphrase);
        } catch {
          key = null;
        }
        if (!key) throw ebadgeErrors.invalidKey('apple.signerKeyPem');
      }
      // The private keys and the passphrase are sealed at rest; certificates and ids are public material.
      await repo.upsertWallet({
        organisationId,
        google: input.google ? { ...input.google, privateKeyPem: deps.secrets.seal(input.google.privateKeyPem) } : input.google,
        apple: input.apple ? { ...input.apple, signerKeyPem: deps.secrets.seal(input.apple.signerKeyPem), signerKeyPassphrase: sealOptional(deps.secrets, input.apple.signerKeyPassphrase) } : input.apple,
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'ebadge.wallet', target: organisationId, meta: { google: input.google === undefined ? 'kept' : input.google ? 'set' : 'cleared', apple: input.apple === undefined ? 'kept' : input.apple ? 'set' : 'cleared' } });
      return this.walletView(organisationId);
    },
  };
}
export type EbadgeService = ReturnType<typeof createEbadgeService>;
