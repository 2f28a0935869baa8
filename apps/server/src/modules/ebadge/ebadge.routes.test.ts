import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { createHash } from 'node:crypto';
import forge from 'node-forge';
import { decodeJwt, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { PDFDocument } from 'pdf-lib';
import { UserType } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

let t: TestApp;
let H: Record<string, string>;
let other: Record<string, string>;
let eventId: string;
let secondEventId: string;
let regIds: string[];
let unpaidRegId: string;
let secondEventRegId: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://pavilion.test' });
  H = bearer((await signupOrganiser(t.app, { organisationName: 'Badge Org' })).accessToken);
  other = bearer((await signupOrganiser(t.app, { organisationName: 'Other Org' })).accessToken);
  const token = H.authorization!.slice(7);
  eventId = await createEvent(t.app, token);
  secondEventId = await createEvent(t.app, token, 'Second Expo');
  const free = await createTicket(t.app, token, eventId, { name: 'Visitor', isFree: true, price: 0 });
  const body = orderBody(free.id, { quantity: 2 });
  body.attendees[0] = { ...body.attendees[0]!, firstName: 'José', lastName: 'Álvarez', email: 'Jose.Alvarez@Example.com' };
  const res = await placeOrder(t.app, eventId, body);
  expect(res.statusCode).toBe(201);
  regIds = (res.json().data.order.attendees as { id: string }[]).map((a) => a.id);
  const paid = await createTicket(t.app, token, eventId, { name: 'Conference', price: 5000 });
  const unpaid = await placeOrder(t.app, eventId, orderBody(paid.id, { expectedTotal: 5000, paymentProvider: 'test' }));
  expect(unpaid.statusCode).toBe(201);
  unpaidRegId = unpaid.json().data.order.attendees[0].id;
  const free2 = await createTicket(t.app, token, secondEventId, { name: 'Visitor', isFree: true, price: 0 });
  const b2 = orderBody(free2.id);
  b2.attendees[0] = { ...b2.attendees[0]!, email: 'jose.alvarez@example.com' };
  secondEventRegId = (await placeOrder(t.app, secondEventId, b2)).json().data.order.attendees[0].id;
});
afterAll(async () => {
  await t?.close();
});

const pub = (path: string) => `/api/eventservices/public${path}`;
const verify = (ev: string, payload: unknown, ip = '10.77.0.1') => t.app.inject({ method: 'POST', url: pub(`/events/${ev}/ebadge-verification`), payload: payload as Record<string, unknown>, remoteAddress: ip });

describe('e-badge view and documents', () => {
  it('shows an admissible registration with its credential, default share options and no wallet without keys', async () => {
    const res = await t.app.inject(pub(`/ebadges/${regIds[0]}`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const v = res.json().data;
    expect(v).toMatchObject({
      eventUserId: regIds[0],
      event: { id: eventId, name: 'Checkout Expo', startDate: '2027-03-01', endDate: '2027-03-03', timeZone: 'Europe/Berlin', venue: 'Hall 1' },
      attendee: { firstName: 'José', lastName: 'Álvarez' },
      ticketName: 'Visitor',
      isAdmissible: true,
      notReadyReason: null,
      wallet: { apple: false, google: false },
    });
    expect(v.credential.token).toMatch(new RegExp(`^PV1:${eventId}:${regIds[0]}:1:`));
    expect(v.shareOptions.map((o: { platform: string }) => o.platform)).toEqual(['whatsApp', 'linkedIn', 'googleCalender', 'outlookCalender']);
  });

  it('serves the QR as PNG and SVG, the PDF with the name and registration number, and the .ics', async () => {
    const png = await t.app.inject(pub(`/ebadges/${regIds[0]}/qr.png`));
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const svg = await t.app.inject(pub(`/ebadges/${regIds[0]}/qr.svg`));
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const pdf = await t.app.inject(pub(`/ebadges/${regIds[0]}/ebadge.pdf`));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/ebadge-REG-000001\.pdf/);
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('E-badge REG-000001');
    const ics = await t.app.inject(pub(`/ebadges/${regIds[0]}/event.ics`));
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('SUMMARY:Checkout Expo');
    expect(ics.body).toMatch(/DTSTART;VALUE=DATE:20270301/);
    expect(ics.body).toMatch(/DTEND;VALUE=DATE:20270304/);
    expect(ics.body).toContain(`http://pavilion.test/eb/${regIds[0]}`);
  });

  it('explains why an unpaid registration has no QR, and refuses its QR, PDF and wallet passes', async () => {
    const v = (await t.app.inject(pub(`/ebadges/${unpaidRegId}`))).json().data;
    expect(v).toMatchObject({ isAdmissible: false, notReadyReason: 'unpaid', credential: null, orderStatus: 'pending' });
    for (const suffix of ['qr.png', 'qr.svg', 'ebadge.pdf', 'wallet/google', 'wallet/apple.pkpass']) {
      const res = await t.app.inject(pub(`/ebadges/${unpaidRegId}/${suffix}`));
      expect(res.statusCode, suffix).toBe(409);
      expect(res.json().code).toBe('EBADGE_NOT_READY');
    }
    // Add-to-calendar names the event only, so it works before payment.
    expect((await t.app.inject(pub(`/ebadges/${unpaidRegId}/event.ics`))).statusCode).toBe(200);
  });

  it('answers 404 for unknown or hostile ids', async () => {
    for (const id of ['nope-nope-nope-12', '%3Cscript%3E', 'a'.repeat(65)]) {
      const res = await t.app.inject(pub(`/ebadges/${id}`));
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json().status).toBe('ERROR');
    }
    expect((await t.app.inject(pub('/ebadges/unknown-registration/qr.png'))).statusCode).toBe(404);
  });
});

describe('verification (verify/ebadge/...)', () => {
  it('says valid, then revoked after a re-issue, and unknown for garbage, forgeries and other events', async () => {
    const token = (await t.app.inject(pub(`/ebadges/${regIds[1]}`))).json().data.credential.token;
    const info = await t.app.inject(pub(`/events/${eventId}/ebadge-verification`));
    expect(info.json().data).toEqual({ eventId, eventName: 'Checkout Expo', verificationReveal: 'firstName' });
    const ok = await verify(eventId, { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'valid', eventName: 'Checkout Expo', holder: { firstName: expect.any(String) }, isNameMatch: null });
    expect(ok.json().data.holder.lastName).toBeUndefined();

    const re = await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/registrations/${regIds[1]}/credential/reissue`, headers: H });
    expect(re.statusCode).toBe(200);
    expect((await verify(eventId, { token })).json().data).toMatchObject({ status: 'revoked', holder: null });
    expect((await verify(eventId, { token: re.json().data.token })).json().data.status).toBe('valid');
    expect((await t.app.inject(pub(`/ebadges/${regIds[1]}`))).json().data.credential.version).toBe(2);

    expect((await verify(eventId, { token: 'hello' })).json().data).toMatchObject({ status: 'unknown', holder: null });
    expect((await verify(secondEventId, { token: re.json().data.token })).json().data.status).toBe('unknown');
    // Flip a character inside the signature (the last one may only carry padding bits).
    const good: string = re.json().data.token;
    const at = good.length - 10;
    const forged = good.slice(0, at) + (good[at] === 'A' ? 'B' : 'A') + good.slice(at + 1);
    expect((await verify(eventId, { token: forged })).json().data.status).toBe('unknown');
  });

  it('reveals only what the organiser allows, and compares the link name', async () => {
    const token = (await t.app.inject(pub(`/ebadges/${regIds[0]}`))).json().data.credential.token;
    const put = (reveal: string) =>
      t.app.inject({ method: 'PUT', url: `/api/eventservices/events/${eventId}/ebadge-settings`, headers: H, payload: { verificationReveal: reveal, showCategory: true, shareOptions: [] } });
    expect((await put('fullName')).statusCode).toBe(200);
    const full = (await verify(eventId, { token, userName: 'jose alvarez', origin: 'front-desk' })).json().data;
    expect(full).toMatchObject({ status: 'valid', holder: { firstName: 'José', lastName: 'Álvarez' }, isNameMatch: true });
    expect((await verify(eventId, { token, userName: 'Someone Else' })).json().data.isNameMatch).toBe(false);
    expect((await put('nothing')).statusCode).toBe(200);
    expect((await verify(eventId, { token })).json().data).toMatchObject({ status: 'valid', holder: null });
    // No share options active: the e-badge offers none.
    expect((await t.app.inject(pub(`/ebadges/${regIds[0]}`))).json().data.shareOptions).toEqual([]);
  });

  it('refuses bad input and an unknown event', async () => {
    for (const payload of [{}, { token: '' }, { token: 5 }, { token: 'x'.repeat(601) }, { token: 'PV1:a', extra: true }, { token: 'x', userName: 'y'.repeat(201) }]) {
      const res = await verify(eventId, payload, '10.77.1.1');
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().status).toBe('ERROR');
    }
    expect((await verify('no-such-event-0001', { token: 'PV1:x' }, '10.77.1.2')).statusCode).toBe(404);
    expect((await t.app.inject(pub('/events/no-such-event-0001/ebadge-verification'))).statusCode).toBe(404);
  });

  it('rate-limits verification per address (30 a minute)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await verify(eventId, { token: `guess-${i}` }, '10.77.9.9')).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    // Another address is not affected.
    expect((await verify(eventId, { token: 'guess' }, '10.77.9.10')).statusCode).toBe(200);
  });
});

describe('organiser e-badge settings and wallet keys', () => {
  it('reads defaults, validates input, and hides another organisation’s event', async () => {
    const res = await t.app.inject({ url: `/api/eventservices/events/${secondEventId}/ebadge-settings`, headers: H });
    expect(res.json().data).toMatchObject({ verificationReveal: 'firstName', showCategory: true });
    expect(res.json().data.shareOptions).toHaveLength(4);
    const bad = await t.app.inject({ method: 'PUT', url: `/api/eventservices/events/${secondEventId}/ebadge-settings`, headers: H, payload: { verificationReveal: 'everything', showCategory: true, shareOptions: [] } });
    expect(bad.statusCode).toBe(400);
    const dup = res.json().data.shareOptions[0];
    const dupRes = await t.app.inject({ method: 'PUT', url: `/api/eventservices/events/${secondEventId}/ebadge-settings`, headers: H, payload: { verificationReveal: 'firstName', showCategory: true, shareOptions: [dup, dup] } });
    expect(dupRes.statusCode).toBe(400);
    for (const method of ['GET', 'PUT'] as const) {
      const r = await t.app.inject({ method, url: `/api/eventservices/events/${eventId}/ebadge-settings`, headers: other, payload: method === 'PUT' ? { verificationReveal: 'fullName', showCategory: true, shareOptions: [] } : undefined });
      expect(r.statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: `/api/eventservices/events/${eventId}/ebadge-settings` })).statusCode).toBe(401);
  });

  it('edits the share options on their own screen (AP-785/786) without touching the other e-badge settings', async () => {
    const url = `/api/eventservices/events/${secondEventId}/share-options`;
    await t.app.inject({ method: 'PUT', url: `/api/eventservices/events/${secondEventId}/ebadge-settings`, headers: H, payload: { verificationReveal: 'fullName', showCategory: false, shareOptions: [] } });
    const before = await t.app.inject({ url, headers: H });
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({ shareOptions: [] });
    const options = [
      { platform: 'linkedIn', name: 'LinkedIn', active: true, title: 'Share on LinkedIn', message: 'See you there', includeCurrentPageLink: true, position: 2 },
      { platform: 'whatsApp', name: 'WhatsApp', active: false, title: 'Share on WhatsApp', message: 'Join me', includeCurrentPageLink: true, position: 1 },
    ];
    const saved = await t.app.inject({ method: 'PUT', url, headers: H, payload: { shareOptions: options } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.shareOptions.map((o: { platform: string }) => o.platform)).toEqual(['linkedIn', 'whatsApp']);
    // The e-badge settings kept their own fields and see the same options.
    const settings = (await t.app.inject({ url: `/api/eventservices/events/${secondEventId}/ebadge-settings`, headers: H })).json().data;
    expect(settings).toMatchObject({ verificationReveal: 'fullName', showCategory: false });
    expect(settings.shareOptions).toEqual(options);

    const dup = await t.app.inject({ method: 'PUT', url, headers: H, payload: { shareOptions: [options[0], options[0]] } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'shareOptions', key: 'duplicatePlatform' }] });
    const unknownField = await t.app.inject({ method: 'PUT', url, headers: H, payload: { shareOptions: [{ ...options[0], colour: 'red' }] } });
    expect(unknownField.statusCode).toBe(400);
    const badPlatform = await t.app.inject({ method: 'PUT', url, headers: H, payload: { shareOptions: [{ ...options[0], platform: 'myspace' }] } });
    expect(badPlatform.statusCode).toBe(400);
    expect((await t.app.inject({ url, headers: H })).json().data.shareOptions).toEqual(options);

    for (const method of ['GET', 'PUT'] as const) {
      const r = await t.app.inject({ method, url: `/api/eventservices/events/${eventId}/share-options`, headers: other, payload: method === 'PUT' ? { shareOptions: [] } : undefined });
      expect(r.statusCode).toBe(404);
    }
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('signs a Save to Google Wallet JWT (RS256) once a service-account key is set, and never returns the key', async () => {
    expect((await t.app.inject(pub(`/ebadges/${regIds[0]}/wallet/google`))).json().code).toBe('WALLET_NOT_CONFIGURED');
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const badKey = await t.app.inject({ method: 'PUT', url: '/api/eventservices/ebadge-wallet', headers: H, payload: { google: { issuerId: '3388000000022', serviceAccountEmail: 'wallet@proj.iam.gserviceaccount.com', privateKeyPem: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' } } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().errors).toEqual([{ field: 'google.privateKeyPem', key: 'invalidKey' }]);
    const put = await t.app.inject({ method: 'PUT', url: '/api/eventservices/ebadge-wallet', headers: H, payload: { google: { issuerId: '3388000000022', serviceAccountEmail: 'wallet@proj.iam.gserviceaccount.com', privateKeyPem: pem } } });
    expect(put.statusCode).toBe(200);
    expect(put.body).not.toContain('PRIVATE');
    expect(put.json().data.google).toEqual({ isConfigured: true, source: 'settings', issuerId: '3388000000022', serviceAccountEmail: 'wallet@proj.iam.gserviceaccount.com' });
    expect(put.json().data.apple.isConfigured).toBe(false);
    // Stored sealed: the database row holds no private key in the clear.
    const stored = JSON.stringify((await t.ctx.database.db.execute(sql`select google from wallet_configs`)).rows);
    expect(stored).toContain('pvs1:');
    expect(stored).not.toContain('PRIVATE KEY');
    // The other organisation's events are not affected.
    expect((await t.app.inject({ url: '/api/eventservices/ebadge-wallet', headers: other })).json().data.google.isConfigured).toBe(false);

    const view = (await t.app.inject(pub(`/ebadges/${regIds[0]}`))).json().data;
    expect(view.wallet).toEqual({ google: true, apple: false });
    expect((await t.app.inject(pub(`/ebadges/${unpaidRegId}`))).json().data.wallet.google).toBe(false);
    const res = await t.app.inject(pub(`/ebadges/${regIds[0]}/wallet/google`));
    expect(res.statusCode).toBe(200);
    const saveUrl: string = res.json().data.saveUrl;
    expect(saveUrl.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = saveUrl.slice('https://pay.google.com/gp/v/save/'.length);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const key = await importSPKI(publicKey.export({ format: 'pem', type: 'spki' }).toString(), 'RS256');
    const { payload } = await jwtVerify(jwt, key, { issuer: 'wallet@proj.iam.gserviceaccount.com', audience: 'google' });
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['http://pavilion.test']);
    const p = payload.payload as { eventTicketObjects: Record<string, unknown>[]; eventTicketClasses: Record<string, unknown>[] };
    expect(p.eventTicketObjects[0]).toMatchObject({
      id: `3388000000022.pv-${regIds[0]}`,
      classId: `3388000000022.pv-${eventId}`,
      state: 'ACTIVE',
      ticketHolderName: 'José Álvarez',
      barcode: { type: 'QR_CODE', value: view.credential.token },
    });
    expect(p.eventTicketClasses[0]).toMatchObject({ id: `3388000000022.pv-${eventId}`, eventName: { defaultValue: { language: 'en', value: 'Checkout Expo' } } });
    // A token signed with another key does not verify.
    const { publicKey: otherPub } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect(jwtVerify(jwt, await importSPKI(otherPub.export({ format: 'pem', type: 'spki' }).toString(), 'RS256'))).rejects.toThrow();
    expect(decodeJwt(jwt).iss).toBe('wallet@proj.iam.gserviceaccount.com');
  });

  it('builds a signed Apple Wallet .pkpass with a self-made certificate chain', async () => {
    const { ca, caKey, cert, key } = makeCertChain();
    const payload = {
      apple: {
        passTypeIdentifier: 'pass.test.pavilion',
        teamIdentifier: 'ABCDE12345',
        signerCertPem: forge.pki.certificateToPem(cert),
        signerKeyPem: forge.pki.privateKeyToPem(key),
        wwdrPem: forge.pki.certificateToPem(ca),
      },
    };
    void caKey;
    const put = await t.app.inject({ method: 'PUT', url: '/api/eventservices/ebadge-wallet', headers: H, payload });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.apple).toEqual({ isConfigured: true, source: 'settings', passTypeIdentifier: 'pass.test.pavilion', teamIdentifier: 'ABCDE12345' });
    expect(put.json().data.google.isConfigured).toBe(true); // untouched when not sent
    expect(put.body).not.toContain('BEGIN');
    const res = await t.app.inject(pub(`/ebadges/${regIds[0]}/wallet/apple.pkpass`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const files = unzipStored(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(expect.arrayContaining(['icon.png', 'manifest.json', 'pass.json', 'signature']));
    const pass = JSON.parse(files['pass.json']!.toString());
    expect(pass).toMatchObject({ passTypeIdentifier: 'pass.test.pavilion', teamIdentifier: 'ABCDE12345', serialNumber: regIds[0] });
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: expect.stringMatching(/^PV1:/) });
    const manifest = JSON.parse(files['manifest.json']!.toString());
    expect(manifest['pass.json']).toBe(createHash('sha1').update(files['pass.json']!).digest('hex'));
    // The detached PKCS#7 signature covers manifest.json and carries our signer certificate.
    const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(files.signature!.toString('binary')))) as forge.pkcs7.PkcsSignedData;
    expect(p7.certificates.map((c) => c.subject.getField('CN').value)).toEqual(expect.arrayContaining(['Pass Type ID: pass.test.pavilion']));
    const bad = await t.app.inject({ method: 'PUT', url: '/api/eventservices/ebadge-wallet', headers: H, payload: { apple: { ...payload.apple, signerCertPem: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' } } });
    expect(bad.statusCode).toBe(400);
    const cleared = await t.app.inject({ method: 'PUT', url: '/api/eventservices/ebadge-wallet', headers: H, payload: { apple: null } });
    expect(cleared.json().data.apple.isConfigured).toBe(false);
    expect((await t.app.inject(pub(`/ebadges/${regIds[0]}/wallet/apple.pkpass`))).statusCode).toBe(404);
  });
});

describe('my e-badges (eb)', () => {
  it('lists the logged-in attendee’s registrations across events by email, and needs a login', async () => {
    await t.ctx.auth.createUser({ organisationId: null, email: 'jose.alvarez@example.com', password: 'Att#Secure2026', firstName: 'José', userType: UserType.Attendee, role: 'Attendee' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.77.5.5', payload: { identifier: 'jose.alvarez@example.com', password: 'Att#Secure2026' } });
    const res = await t.app.inject({ url: '/api/eventservices/ebadges/mine', headers: bearer(login.json().data.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((b: { eventUserId: string }) => b.eventUserId).sort()).toEqual([regIds[0], secondEventRegId].sort());
    expect(res.json().data[0]).toMatchObject({ isAdmissible: true, ticketName: 'Visitor' });
    expect((await t.app.inject({ url: '/api/eventservices/ebadges/mine' })).statusCode).toBe(401);
  });

  it('lets the attendee set and remove their own photo, on their registrations only', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.77.5.6', payload: { identifier: 'jose.alvarez@example.com', password: 'Att#Secure2026' } });
    const me = bearer(login.json().data.accessToken);
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const photo = (id: string, headers: Record<string, string> = me, dataBase64 = png) =>
      t.app.inject({ method: 'PUT', url: `/api/eventservices/me/registrations/${id}/photo`, headers, payload: { contentType: 'image/png', dataBase64 } });
    const set = await photo(regIds[0]!);
    expect(set.statusCode).toBe(200);
    const url = set.json().data.photoUrl as string;
    expect((await t.app.inject(url)).headers['content-type']).toBe('image/png');
    // Listed with the e-badge, and the gate gets the same photo; the journey says who changed it.
    const mine = (await t.app.inject({ url: '/api/eventservices/ebadges/mine', headers: me })).json().data;
    expect(mine.find((b: { eventUserId: string }) => b.eventUserId === regIds[0]).photoUrl).toBe(url);
    const journey = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations/${regIds[0]}/journey`, headers: H })).json().data;
    expect(journey.at(-1)).toMatchObject({ type: 'UPDATE', detail: { photo: 'set', by: 'attendee' } });
    // Someone else's registration (another email) answers 404, as an unknown id; bad bytes are refused.
    expect((await photo(regIds[1]!)).statusCode).toBe(404);
    expect((await photo('nope')).statusCode).toBe(404);
    expect((await photo(regIds[0]!, me, Buffer.from('GIF89a-not-a-png').toString('base64'))).json().errors).toContainEqual({ field: 'dataBase64', key: 'fileContentMismatch' });
    expect((await photo(regIds[0]!, {})).statusCode).toBe(401);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/eventservices/me/registrations/${regIds[0]}/photo`, headers: me });
    expect(removed.json().data).toEqual({ registrationId: regIds[0], photoUrl: null });
    expect((await t.app.inject(url)).statusCode).toBe(404);
  });
});

/** A CA standing in for Apple's WWDR and a "Pass Type ID" signer certificate it issued. */
function makeCertChain() {
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = '01';
  ca.validity.notBefore = new Date(Date.now() - 86_400_000);
  ca.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const caAttrs = [{ name: 'commonName', value: 'Test WWDR CA' }];
  ca.setSubject(caAttrs);
  ca.setIssuer(caAttrs);
  ca.setExtensions([{ name: 'basicConstraints', cA: true }]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '02';
  cert.validity.notBefore = ca.validity.notBefore;
  cert.validity.notAfter = ca.validity.notAfter;
  cert.setSubject([{ name: 'commonName', value: 'Pass Type ID: pass.test.pavilion' }]);
  cert.setIssuer(caAttrs);
  cert.sign(caKeys.privateKey, forge.md.sha256.create());
  return { ca, caKey: caKeys.privateKey, cert, key: keys.privateKey };
}

/** Reads a zip whose entries are stored (passkit-generator's do-not-zip does not compress). */
function unzipStored(buf: Buffer): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  let i = 0;
  while (i + 30 <= buf.length && buf.readUInt32LE(i) === 0x04034b50) {
    const method = buf.readUInt16LE(i + 8);
    const size = buf.readUInt32LE(i + 18);
    const nameLen = buf.readUInt16LE(i + 26);
    const extraLen = buf.readUInt16LE(i + 28);
    const name = buf.subarray(i + 30, i + 30 + nameLen).toString();
    const start = i + 30 + nameLen + extraLen;
    expect(method).toBe(0);
    out[name] = buf.subarray(start, start + size);
    i = start + size;
  }
  return out;
}
