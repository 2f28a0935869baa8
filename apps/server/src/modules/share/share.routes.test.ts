import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { UserType } from '@pavilion/domain';
import { withDocumentHead } from '../../platform/spa.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

let t: TestApp;
let H: Record<string, string>;
let eventId: string;
let otherEventId: string;
let ticketId: string;
let registrationId: string;
let pair: string;
let me: Record<string, string>;

const INDEX = '<!doctype html><html><head><meta name="description" content="Pavilion: self-hostable event management" /><title>Pavilion</title></head><body><div id="root"></div></body></html>';
const pub = (path: string) => `/api/eventservices/public${path}`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'share-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  t = await createTestApp({ PUBLIC_URL: 'http://pavilion.test', WEB_DIST: dist });
  H = bearer((await signupOrganiser(t.app, { organisationName: 'Share Org' })).accessToken);
  const token = H.authorization!.slice(7);
  eventId = await createEvent(t.app, token, 'Tom & "Jerry" <Summit>');
  otherEventId = await createEvent(t.app, token, 'Other Fair');
  const ticket = await createTicket(t.app, token, eventId, { name: 'Visitor', isFree: true, price: 0 });
  ticketId = ticket.id;
  const body = orderBody(ticket.id);
  body.attendees[0] = { ...body.attendees[0]!, firstName: 'Zoë', lastName: 'Secretname', email: 'zoe@example.com' };
  registrationId = (await placeOrder(t.app, eventId, body)).json().data.order.attendees[0].id;
  await t.ctx.auth.createUser({ organisationId: null, email: 'zoe@example.com', password: 'Att#Secure2026', firstName: 'Zoë', userType: UserType.Attendee, role: 'Attendee' });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.66.0.1', payload: { identifier: 'zoe@example.com', password: 'Att#Secure2026' } });
  me = bearer(login.json().data.accessToken);
  pair = (await t.app.inject({ url: '/api/eventservices/me/profiles', headers: me })).json().data[0].pair;
});
afterAll(async () => {
  await t?.close();
});

const setProfile = (isProfilePublic: boolean) =>
  t.app.inject({ method: 'PUT', url: `/api/eventservices/me/registrations/${registrationId}/profile`, headers: me, payload: { jobTitle: 'Chief <Cat> Herder', company: 'Acme "Ltd"', interests: ['Cats'], isInDirectory: false, isProfilePublic } });
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe('share links', () => {
  it('r/: a ticket names its event; an unknown ticket is 404', async () => {
    const res = await t.app.inject(pub(`/ticket-links/${ticketId}`));
    expect(res.json().data).toEqual({ eventId, ticketId });
    const unknown = await t.app.inject(pub('/ticket-links/nope'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('TICKET_LINK_NOT_FOUND');
  });

  it("i/: the inviter's first name, the event and its share options; unknown pairs and pairs of another event are 404", async () => {
    const res = await t.app.inject(pub(`/invitations/${pair}`));
    expect(res.statusCode).toBe(200);
    const inv = res.json().data;
    expect(inv).toMatchObject({ inviterFirstName: 'Zoë', event: { id: eventId, name: 'Tom & "Jerry" <Summit>' } });
    expect(JSON.stringify(inv)).not.toContain('Secretname');
    expect(JSON.stringify(inv)).not.toContain(registrationId);
    expect(inv.shareOptions.map((o: { platform: string }) => o.platform)).toEqual(['whatsApp', 'linkedIn', 'googleCalender', 'outlookCalender']);
    for (const bad of [pair.replace(eventId, otherEventId), `${eventId}-${registrationId}`, 'x-y', `${pair}x`]) {
      const r = await t.app.inject(pub(`/invitations/${encodeURIComponent(bad)}`));
      expect(r.statusCode, bad).toBe(404);
      expect(r.json().code).toBe('SHARE_LINK_NOT_FOUND');
    }
  });

  it('pl/: the card only while the attendee makes it public, then hidden again', async () => {
    expect((await t.app.inject(pub(`/profile-links/${pair}`))).statusCode).toBe(404);
    expect((await setProfile(true)).statusCode).toBe(200);
    const card = (await t.app.inject(pub(`/profile-links/${pair}`))).json().data;
    expect(card.profile).toEqual({ firstName: 'Zoë', lastName: 'Secretname', jobTitle: 'Chief <Cat> Herder', company: 'Acme "Ltd"', countryCode: '', interests: ['Cats'], photoUrl: null });
    expect(JSON.stringify(card)).not.toContain(registrationId);
    await setProfile(false);
    const hidden = await t.app.inject(pub(`/profile-links/${pair}`));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('SHARE_LINK_NOT_FOUND');
  });

  it("serves the card's photo under the share pair only while the profile is shown", async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const set = await t.app.inject({ method: 'PUT', url: `/api/eventservices/me/registrations/${registrationId}/photo`, headers: me, payload: { contentType: 'image/png', dataBase64: png } });
    expect(set.statusCode).toBe(200);
    await setProfile(true);
    const photoUrl = (await t.app.inject(pub(`/profile-links/${pair}`))).json().data.profile.photoUrl as string;
    expect(photoUrl).toMatch(new RegExp(`^/api/eventservices/public/profiles/${pair}/photo\\?v=\\d+$`));
    expect(photoUrl).not.toContain(registrationId);
    const photo = await t.app.inject(photoUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(Buffer.from(png, 'base64'))).toBe(true);
    await setProfile(false);
    const hidden = await t.app.inject(photoUrl);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('PROFILE_NOT_FOUND');
    expect((await t.app.inject(`/api/eventservices/public/profiles/${pair.replace(eventId, otherEventId)}/photo`)).statusCode).toBe(404);
  });

  it('serves the event as an iCalendar file', async () => {
    const res = await t.app.inject(pub(`/events/${eventId}/event.ics`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const lines = res.body.split(/\r?\n/);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('DTSTART;VALUE=DATE:20270301');
    expect(lines).toContain('DTEND;VALUE=DATE:20270304');
    expect(res.body).toContain(`/cart-registration/${eventId}`);
    expect((await t.app.inject(pub('/events/unknown/event.ics'))).statusCode).toBe(404);
  });
});

describe('link previews in the HTML (no JavaScript, as a preview bot reads it)', () => {
  it('writes escaped Open Graph tags for i/ and the manifest link', async () => {
    const res = await t.app.inject({ url: `/i/${pair}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(metaOf(html, 'og:title')).toBe('Zoë invites you to Tom &amp; &quot;Jerry&quot; &lt;Summit&gt;');
    expect(html).toContain('<title>Zoë invites you to Tom &amp; &quot;Jerry&quot; &lt;Summit&gt;</title>');
    expect(html).not.toContain('<Summit>');
    expect(metaOf(html, 'og:url')).toBe(`http://pavilion.test/i/${pair}`);
    expect(metaOf(html, 'og:image')).toBe(`http://pavilion.test/api/eventservices/public/events/${eventId}/preview.png`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:description')).toContain('2027');
    expect(html).toContain(`<link rel="manifest" href="/api/eventservices/public/events/${eventId}/manifest.webmanifest">`);
    expect(html).not.toContain('Secretname');
  });

  it('writes pl/ previews only for public profiles: a private one leaks nothing', async () => {
    const privateHtml = (await t.app.inject({ url: `/pl/${pair}` })).body;
    expect(privateHtml).toContain('<title>Pavilion</title>');
    for (const secret of ['Secretname', 'Zoë', 'Herder', 'Acme', 'og:title']) expect(privateHtml).not.toContain(secret);
    await setProfile(true);
    const html = (await t.app.inject({ url: `/pl/${pair}` })).body;
    expect(metaOf(html, 'og:title')).toBe('Zoë Secretname at Tom &amp; &quot;Jerry&quot; &lt;Summit&gt;');
    expect(metaOf(html, 'og:description')).toBe('Chief &lt;Cat&gt; Herder · Acme &quot;Ltd&quot;');
    await setProfile(false);
    expect((await t.app.inject({ url: `/pl/${pair}` })).body).not.toContain('Secretname');
  });

  it('leaves unknown links and other pages as they are', async () => {
    for (const url of ['/i/unknown-pair', '/pl/x-y', '/r/nope', '/list/events', `/i/${pair}/extra`]) {
      const html = (await t.app.inject({ url })).body;
      expect(html, url).toBe(INDEX);
    }
    const r = (await t.app.inject({ url: `/r/${ticketId}` })).body;
    expect(metaOf(r, 'og:title')).toBe('Register for Tom &amp; &quot;Jerry&quot; &lt;Summit&gt;');
  });

  it('links the event app manifest on attendee pages that name their event', async () => {
    const html = (await t.app.inject({ url: `/tabs/event-info?eventId=${eventId}` })).body;
    expect(html).toContain(`<link rel="manifest" href="/api/eventservices/public/events/${eventId}/manifest.webmanifest">`);
    expect((await t.app.inject({ url: '/tabs/event-info?eventId=unknown' })).body).toBe(INDEX);
  });

  it('escapes every value it writes', () => {
    const html = withDocumentHead(INDEX, { title: '</title><script>x</script>', description: '"><img src=x>', meta: [{ key: 'og:title', content: `'"<>&` }], links: [{ rel: 'manifest', href: '/m?a=1&b="2"' }] });
    expect(html).not.toMatch(/<script>|<img/);
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>');
    expect(html).toContain('<meta property="og:title" content="&#39;&quot;&lt;&gt;&amp;">');
    expect(html).toContain('<link rel="manifest" href="/m?a=1&amp;b=&quot;2&quot;">');
  });
});

describe('the event app (installable PWA)', () => {
  it("serves a manifest with the organiser's white-label name and colour, opening the attendee app", async () => {
    const plain = JSON.parse((await t.app.inject(pub(`/events/${eventId}/manifest.webmanifest`))).body);
    expect(plain).toMatchObject({ short_name: 'Tom & "Jerry" <Summit>', theme_color: '#1c7ed6' });
    const label = await t.app.inject({ method: 'PUT', url: '/api/auth/white-labels/orgTeam', headers: H, payload: { displayName: 'Share Org Events', primaryColor: '#e8590c' } });
    expect(label.statusCode).toBe(200);
    const res = await t.app.inject(pub(`/events/${eventId}/manifest.webmanifest`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const m = JSON.parse(res.body);
    expect(m).toMatchObject({
      name: 'Tom & "Jerry" <Summit>',
      start_url: `/tabs/event-info?eventId=${eventId}`,
      id: `/tabs/event-info?eventId=${eventId}`,
      scope: '/',
      display: 'standalone',
      short_name: 'Share Org Events',
      theme_color: '#e8590c',
    });
    expect(m.start_url.startsWith(m.scope)).toBe(true);
    expect(m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes}/${i.purpose}`)).toEqual(['192x192/any', '512x512/any', '512x512/maskable', '180x180/any']);
    expect((await t.app.inject(pub('/events/unknown/manifest.webmanifest'))).statusCode).toBe(404);
  });

  it('draws each icon as a PNG of its size, and the 1200 × 630 preview', async () => {
    const m = JSON.parse((await t.app.inject(pub(`/events/${eventId}/manifest.webmanifest`))).body);
    for (const icon of m.icons as { src: string; sizes: string }[]) {
      const res = await t.app.inject(icon.src);
      expect(res.headers['content-type']).toBe('image/png');
      const png = PNG.sync.read(res.rawPayload);
      expect(`${png.width}x${png.height}`).toBe(icon.sizes);
      // A lettermark: the centre row holds both the background and the letters' ink.
      const row = new Set<number>();
      for (let x = 0; x < png.width; x++) row.add(png.data.readUInt32BE((Math.floor(png.height / 2) * png.width + x) * 4));
      expect(row.size).toBeGreaterThan(2);
    }
    expect((await t.app.inject(pub(`/events/${eventId}/app-icons/64`))).statusCode).toBe(400);
    const preview = PNG.sync.read((await t.app.inject(pub(`/events/${eventId}/preview.png`))).rawPayload);
    expect([preview.width, preview.height]).toEqual([1200, 630]);
  });
});
