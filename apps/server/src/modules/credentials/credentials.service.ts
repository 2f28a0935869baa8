import { createPrivateKey, createPublicKey, generateKeyPairSync, sign as edSign, verify as edVerify, type KeyObject } from 'node:crypto';
import { credentialMessage, formatCredential, parseCredential, toBase64Url, type TCredential, type TCredentialClaims, type TParsedCredential, type TCredentialStatus, type TEventPublicKey } from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { AppError } from '../../platform/errors.ts';
import type { RegistrationPort } from '../registration/index.ts';
import type { CredentialRow, CredentialsRepository } from './credentials.repository.ts';

export const credentialErrors = {
  registrationNotFound: () => new AppError(404, 'REGISTRATION_NOT_FOUND', 'No such registration in this event'),
};

/** What a scan, a print or a verification page learns from a credential string. */
export type CredentialResolution =
  | { status: 'malformed' | 'other_event' | 'forged' | 'unknown'; credential: null }
  | { status: 'revoked'; credential: CredentialRow }
  | { status: 'valid'; credential: CredentialRow };

type Keys = { privateKey: KeyObject; publicKey: KeyObject; publicRaw: string };

/** Raw 32-byte Ed25519 public key = the last 32 bytes of its SPKI DER. */
function rawPublic(key: KeyObject): string {
  const der = key.export({ format: 'der', type: 'spki' });
  return toBase64Url(new Uint8Array(der.subarray(der.length - 32)));
}

export function createCredentialsService(deps: {
  repo: CredentialsRepository;
  audit: Audit;
  /** Throws unless the caller may see this event (events module). */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEventOrganisation: (eventId: string) => Promise<string | null>;
  /** Registration's port: which registrations exist (ids and organisation only). */
  registrations: Pick<RegistrationPort, 'attendee' | 'ids'>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  // Keys never change once made, so a process keeps them; 10k events' keys are ~2 MB.
  const keyCache = new Map<string, Promise<Keys>>();

  function keysOf(eventId: string): Promise<Keys> {
    let hit = keyCache.get(eventId);
    if (!hit) {
      hit = loadKeys(eventId);
      keyCache.set(eventId, hit);
      hit.catch(() => keyCache.delete(eventId));
    }
    return hit;
  }

  async function loadKeys(eventId: string): Promise<Keys> {
    let row = await repo.findKey(eventId);
    if (!row) {
      const organisationId = await deps.findEventOrganisation(eventId);
      if (!organisationId) throw new AppError(404, 'EVENT_NOT_FOUND', 'No such event');
      const pair = generateKeyPairSync('ed25519');
      row = await repo.insertKey({
        eventId,
        organisationId,
        publicKey: rawPublic(pair.publicKey),
        privateKey: toBase64Url(new Uint8Array(pair.privateKey.export({ format: 'der', type: 'pkcs8' }))),
      });
    }
    const privateKey = createPrivateKey({ key: Buffer.from(row.privateKey, 'base64url'), format: 'der', type: 'pkcs8' });
    return { privateKey, publicKey: createPublicKey(privateKey), publicRaw: row.publicKey };
  }

  function signWith(keys: Keys, claims: TCredentialClaims): string {
    return formatCredential(claims, new Uint8Array(edSign(null, Buffer.from(credentialMessage(claims)), keys.privateKey)));
  }

  function out(row: CredentialRow): TCredential {
    return {
      registrationId: row.registrationId,
      eventId: row.eventId,
      version: row.version,
      token: row.token,
      status: row.status === 'revoked' ? 'revoked' : 'active',
      issuedAt: row.issuedAt.toISOString(),
      revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    };
  }

  async function issueMissing(eventId: string, ids: { id: string; organisationId: string }[]) {
    if (ids.length === 0) return;
    const keys = await keysOf(eventId);
    await repo.insertMany(
      ids.map((r) => ({
        registrationId: r.id,
        organisationId: r.organisationId,
        eventId,
        version: 1,
        token: signWith(keys, { eventId, registrationId: r.id, version: 1 }),
      })),
    );
  }

  /** The registration's credential, issued on first need (a print, an e-badge, a device sync). */
  async function ensure(eventId: string, registrationId: string): Promise<CredentialRow> {
    const existing = await repo.find(registrationId);
    if (existing) {
      if (existing.eventId !== eventId) throw credentialErrors.registrationNotFound();
      return existing;
    }
    const reg = await deps.registrations.attendee(registrationId, eventId);
    if (!reg) throw credentialErrors.registrationNotFound();
    await issueMissing(eventId, [reg]);
    return (await repo.find(registrationId))!;
  }

  async function inEvent(caller: AuthUser, organisationId: string, eventId: string, registrationId: string) {
    await deps.assertEvent(caller, organisationId, eventId);
    const reg = await deps.registrations.attendee(registrationId, eventId);
    if (!reg || reg.organisationId !== organisationId) throw credentialErrors.registrationNotFound();
  }

  // Signatures already checked, by exact string: a badge is scanned again at every area and on every re-entry, and
  // Ed25519 verification was a tenth of a gate's CPU. Only strings whose signature verified are kept, so a forged one
  // is checked every time; revocation and versions are still read from the table on every scan.
  const verified = new Set<string>();
  const VERIFIED_MAX = 20_000;

  /**
   * Is `raw` signed by its event's key? A string equal to the token this service signed and stored for that
   * registration (same event) needs no second verification: the table holds only strings signed here. Any other
   * string (an earlier version, a forgery, another encoding of the signature) is verified with the event's key.
   */
  async function signatureOf(
    raw: string,
    parsed: TParsedCredential | null,
    row: CredentialRow | undefined,
    expectEventId?: string,
  ): Promise<{ status: 'malformed' | 'other_event' | 'forged' | 'unknown' } | { status: 'signed'; claims: TCredentialClaims }> {
    if (!parsed) return { status: 'malformed' };
    if (expectEventId && parsed.eventId !== expectEventId) return { status: 'other_event' };
    if (row && row.eventId === parsed.eventId && row.token === raw.trim()) return { status: 'signed', claims: parsed };
    if (verified.has(raw)) return { status: 'signed', claims: parsed };
    // A known key is cached; an unknown event must not get a key made for it by a scan, so ask the table first.
    if (!keyCache.has(parsed.eventId) && !(await repo.findKey(parsed.eventId))) return { status: 'unknown' };
    const keys = await keysOf(parsed.eventId);
    if (!edVerify(null, Buffer.from(parsed.message), keys.publicKey, Buffer.from(parsed.signature))) return { status: 'forged' };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.values().next().value!);
    verified.add(raw);
    return { status: 'signed', claims: parsed };
  }

  /**
   * Online check of scanned strings, in one query for all of them. `expectEventId` pins the event the scanner or
   * page belongs to; a valid signature of another event's key is still `other_event`.
   */
  async function resolveMany(raws: string[], expectEventId?: string): Promise<CredentialResolution[]> {
    const parsed = raws.map((raw) => parseCredential(raw));
    const ids = [...new Set(parsed.flatMap((c) => (c && (!expectEventId || c.eventId === expectEventId) ? [c.registrationId] : [])))];
    const rows = new Map((await repo.findMany(ids)).map((r) => [r.registrationId, r]));
    const signed = await Promise.all(raws.map((raw, i) => signatureOf(raw, parsed[i]!, parsed[i] ? rows.get(parsed[i]!.registrationId) : undefined, expectEventId)));
    return signed.map((s): CredentialResolution => {
      if (s.status !== 'signed') return { status: s.status, credential: null };
      const row = rows.get(s.claims.registrationId);
      if (!row || row.eventId !== s.claims.eventId) return { status: 'unknown', credential: null };
      if (row.status === 'revoked' || s.claims.version !== row.version) return { status: 'revoked', credential: row };
      return { status: 'valid', credential: row };
    });
  }

  return {
    ensure,
    toView: out,
    /** Issues every registration of the event that has none yet (before a device sync or a bulk print). */
    async ensureForEvent(eventId: string): Promise<void> {
      for (let afterId: string | undefined; ; ) {
        const page = await deps.registrations.ids(eventId, { afterId, limit: 1000 });
        const issued = await repo.issuedAmong(page.map((r) => r.id));
        await issueMissing(eventId, page.filter((r) => !issued.has(r.id)));
        if (page.length < 1000) return;
        afterId = page[page.length - 1]!.id;
      }
    },
    listForEvent: (eventId: string) => repo.listForEvent(eventId),
    async publicKey(eventId: string): Promise<TEventPublicKey> {
      return { eventId, algorithm: 'Ed25519', publicKey: (await keysOf(eventId)).publicRaw };
    },
    /**
     * Online check of a scanned string. `expectEventId` pins the event the scanner or page belongs to; a valid
     * signature of another event's key is still `other_event`.
     */
    async resolve(raw: string, expectEventId?: string): Promise<CredentialResolution> {
      return (await resolveMany([raw], expectEventId))[0]!;
    },
    resolveMany,
    async get(caller: AuthUser, organisationId: string, eventId: string, registrationId: string): Promise<TCredential> {
      await inEvent(caller, organisationId, eventId, registrationId);
      return out(await ensure(eventId, registrationId));
    },
    /** A new version: every earlier QR of this registration is refused from now on (online at once, offline after sync). */
    async reissue(caller: AuthUser, organisationId: string, eventId: string, registrationId: string): Promise<TCredential> {
      await inEvent(caller, organisationId, eventId, registrationId);
      await ensure(eventId, registrationId);
      const keys = await keysOf(eventId);
      const row = await repo.bumpVersion(registrationId, (version) => signWith(keys, { eventId, registrationId, version }));
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'credential.reissue', target: registrationId, meta: { version: row!.version } });
      return out(row!);
    },
    /** Re-issue without a caller: the registration changed hands (replace user). */
    async reissueSystem(eventId: string, registrationId: string): Promise<void> {
      const existing = await repo.find(registrationId);
      if (!existing) return; // nothing was handed out yet; the next ensure issues version 1 to the new holder
      const keys = await keysOf(eventId);
      await repo.bumpVersion(registrationId, (version) => signWith(keys, { eventId, registrationId, version }));
    },
    async revoke(caller: AuthUser, organisationId: string, eventId: string, registrationId: string, reason?: string): Promise<TCredential> {
      await inEvent(caller, organisationId, eventId, registrationId);
      await ensure(eventId, registrationId);
      const row = await repo.update(registrationId, { status: 'revoked', revokedAt: now(), revokeReason: reason ?? null });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'credential.revoke', target: registrationId, meta: { reason: reason ?? null } });
      return out(row!);
    },
    statusOf(resolution: CredentialResolution): TCredentialStatus {
      return resolution.status === 'valid' ? 'valid' : resolution.status === 'revoked' ? 'revoked' : 'unknown';
    },
  };
}
export type CredentialsService = ReturnType<typeof createCredentialsService>;
