import { deflateSync } from 'node:zlib';
import { importPKCS8, SignJWT } from 'jose';
import type { AppleWalletKeys, GoogleWalletKeys } from './ebadge.tables.ts';

/** What a wallet pass shows: one admissible registration and its current credential. */
export type WalletPassInput = {
  registrationId: string;
  registrationNo: string;
  holderName: string;
  ticketName: string;
  categoryName: string | null;
  token: string;
  event: { id: string; name: string; startDate: string; endDate: string; timeZone: string; venue: string };
  organisationName: string;
};

/** The wallet keys in force: the install's env vars win over the organisation's settings. */
export function walletKeysFromEnv(env: Record<string, string | undefined>): { google: GoogleWalletKeys | null; apple: AppleWalletKeys | null } {
  const pem = (v: string | undefined) => (v ? v.replace(/\\n/g, '\n') : undefined);
  const google =
    env.GOOGLE_WALLET_ISSUER_ID && env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL && env.GOOGLE_WALLET_PRIVATE_KEY
      ? { issuerId: env.GOOGLE_WALLET_ISSUER_ID, serviceAccountEmail: env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL, privateKeyPem: pem(env.GOOGLE_WALLET_PRIVATE_KEY)! }
      : null;
  const apple =
    env.APPLE_PASS_TYPE_ID && env.APPLE_TEAM_ID && env.APPLE_PASS_CERT_PEM && env.APPLE_PASS_KEY_PEM && env.APPLE_WWDR_PEM
      ? {
          passTypeIdentifier: env.APPLE_PASS_TYPE_ID,
          teamIdentifier: env.APPLE_TEAM_ID,
          signerCertPem: pem(env.APPLE_PASS_CERT_PEM)!,
          signerKeyPem: pem(env.APPLE_PASS_KEY_PEM)!,
          signerKeyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE || undefined,
          wwdrPem: pem(env.APPLE_WWDR_PEM)!,
        }
      : null;
  return { google, apple };
}

/** Google Wallet ids allow [A-Za-z0-9._-]; registration ids are base64url, so only '-' and '_' need no change. */
const walletId = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * A "Save to Google Wallet" link: a JWT signed RS256 with the service account's key, carrying the event ticket
 * class and object inline (no call to Google's API is needed; Google checks the signature when the link is opened).
 */
export async function googleWalletSaveUrl(keys: GoogleWalletKeys, input: WalletPassInput, origin: string, now: Date): Promise<string> {
  const classId = `${keys.issuerId}.${walletId(`pv-${input.event.id}`)}`;
  const objectId = `${keys.issuerId}.${walletId(`pv-${input.registrationId}`)}`;
  const key = await importPKCS8(keys.privateKeyPem, 'RS256');
  const text = (value: string) => ({ defaultValue: { language: 'en', value } });
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [origin],
    payload: {
      eventTicketClasses: [
        {
          id: classId,
          issuerName: input.organisationName || input.event.name,
          reviewStatus: 'UNDER_REVIEW',
          eventName: text(input.event.name),
          venue: input.event.venue ? { name: text(input.event.venue), address: text(input.event.venue) } : undefined,
          dateTime: { start: `${input.event.startDate}T00:00`, end: `${input.event.endDate}T23:59` },
        },
      ],
      eventTicketObjects: [
        {
          id: objectId,
          classId,
          state: 'ACTIVE',
          ticketHolderName: input.holderName,
          ticketType: text(input.ticketName),
          reservationInfo: { confirmationCode: input.registrationNo },
          barcode: { type: 'QR_CODE', value: input.token, alternateText: input.registrationNo },
        },
      ],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(keys.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

// --- A tiny PNG writer for the pass icon (Apple requires icon.png; no image library is needed for a flat tile). ---
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** A solid-colour RGB PNG of size × size pixels. */
export function solidPng(size: number, rgb: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** An Apple Wallet event ticket (.pkpass), signed with the organiser's Pass Type ID certificate (passkit-generator). */
export async function applePass(keys: AppleWalletKeys, input: WalletPassInput): Promise<Buffer> {
  const { PKPass } = await import('passkit-generator');
  const icon = solidPng(29, [47, 59, 82]);
  const pass = new PKPass(
    { 'icon.png': icon, 'icon@2x.png': solidPng(58, [47, 59, 82]) },
    { wwdr: keys.wwdrPem, signerCert: keys.signerCertPem, signerKey: keys.signerKeyPem, signerKeyPassphrase: keys.signerKeyPassphrase },
    {
      formatVersion: 1,
      passTypeIdentifier: keys.passTypeIdentifier,
      teamIdentifier: keys.teamIdentifier,
      organizationName: input.organisationName || input.event.name,
      description: `${input.event.name} e-badge`,
      serialNumber: input.registrationId,
      backgroundColor: 'rgb(47,59,82)',
      foregroundColor: 'rgb(255,255,255)',
      labelColor: 'rgb(200,210,230)',
    },
  );
  pass.type = 'eventTicket';
  pass.setBarcodes({ message: input.token, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: input.registrationNo });
  pass.primaryFields.push({ key: 'event', label: 'Event', value: input.event.name });
  pass.secondaryFields.push({ key: 'name', label: 'Attendee', value: input.holderName });
  pass.auxiliaryFields.push({ key: 'ticket', label: 'Ticket', value: input.ticketName }, { key: 'regno', label: 'Reg. No', value: input.registrationNo });
  if (input.categoryName) pass.auxiliaryFields.push({ key: 'category', label: 'Category', value: input.categoryName });
  pass.backFields.push({ key: 'when', label: 'Dates', value: `${input.event.startDate} – ${input.event.endDate} (${input.event.timeZone})` }, { key: 'where', label: 'Venue', value: input.event.venue || '—' });
  return pass.getAsBuffer();
}
