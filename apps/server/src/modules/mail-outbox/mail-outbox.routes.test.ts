import { PNG } from 'pngjs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

const BASE = '/api/notifyservices/api/mail-outbox';
let t: TestApp;
let host: Awaited<ReturnType<typeof signupOrganiser>>;
let other: Awaited<ReturnType<typeof signupOrganiser>>;

beforeAll(async () => {
  // No SMTP_URL: the outbox is the local provider, as in `npm start` without configuration.
  t = await createTestApp({ MAIL_OUTBOX_UI: '1', PUBLIC_URL: 'http://pavilion.test' });
  host = await signupOrganiser(t.app, { organisationName: 'Outbox Org' });
  other = await signupOrganiser(t.app, { organisationName: 'Other Org' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = host.accessToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** Polls the list until a message matching the filter is there (the confirmation is sent after the order commits). */
async function waitForMail(query: string, token = host.accessToken) {
  for (let i = 0; i < 250; i++) {
    const page = (await get(`${BASE}?${query}`, token)).json().data;
    // The list and its count are two reads: wait until the row is in both (the mail job may commit between them).
    if (page.total > 0 && page.items.length > 0) return page;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail for ${query}`);
}

describe('mail outbox (issue 12)', () => {
  it('keeps the confirmation with its QR attachment, shows it sanitised with cid images inlined, and lists its links', async () => {
    expect((await get(`${BASE}/status`)).json().data).toEqual({ enabled: true, transport: 'outbox' });
    const eventId = await createEvent(t.app, host.accessToken, 'Outbox Expo');
    const ticket = await createTicket(t.app, host.accessToken, eventId, { name: 'Visitor', isFree: true, capacity: 5 });
    const order = (await placeOrder(t.app, eventId, { ...orderBody(ticket.id), buyer: { firstName: 'Olga', lastName: 'Outbox', email: 'olga@example.com' } })).json().data.order;

    const page = await waitForMail('to=OLGA@example');
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    const item = page.items[0];
    expect(item).toMatchObject({ to: 'olga@example.com', status: 'stored', transport: 'outbox', eventId, attachmentCount: 1 });
    expect(item.subject).toContain(order.registrationNo);

    const msg = (await get(`${BASE}/${item.id}`)).json().data;
    expect(msg.attachments).toEqual([{ index: 0, filename: `ticket-${order.registrationNo}.png`, contentType: 'image/png', size: expect.any(Number), cid: expect.stringContaining('@pavilion') }]);
    // The cid: image is the stored attachment, inlined; nothing executable survives.
    expect(msg.html).not.toContain('cid:');
    expect(msg.html).toMatch(/<img[^>]+src="data:image\/png;base64,/);
    expect(msg.html).not.toMatch(/<script/i);
    const ebadge = msg.links.find((l: { kind: string }) => l.kind === 'ebadge');
    expect(ebadge).toEqual({ url: `http://pavilion.test/eb/${order.attendees[0].id}`, label: 'Open your e-badge', kind: 'ebadge' });
    expect(msg.links).toContainEqual({ url: `http://pavilion.test/success/${eventId}/${order.id}`, label: `http://pavilion.test/success/${eventId}/${order.id}`, kind: 'order' });

    const file = await get(`${BASE}/${item.id}/attachments/0`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="ticket-${order.registrationNo}.png"`);
    const png = PNG.sync.read(file.rawPayload);
    expect(png.width).toBeGreaterThan(100);
    expect(file.rawPayload.length).toBe(msg.attachments[0].size);
  });

  it('filters by recipient and subject, pages, and never shows another organisation its mail', async () => {
    for (const email of ['pager1@example.com', 'pager2@example.com', 'pager3@example.com']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/team/invitations', headers: bearer(host.accessToken), payload: { email, firstName: 'Pat', accessLevel: 1 } });
      expect(res.statusCode).toBe(201);
    }
    const all = (await get(`${BASE}?to=pager&pageSize=2`)).json().data;
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(all.items).toHaveLength(2);
    const second = (await get(`${BASE}?to=pager&pageSize=2&page=2`)).json().data;
    expect(second.items).toHaveLength(1);
    expect(new Set([...all.items, ...second.items].map((m: { to: string }) => m.to)).size).toBe(3);
    expect((await get(`${BASE}?subject=invited&to=pager1`)).json().data.total).toBe(1);
    expect((await get(`${BASE}?subject=no-such-subject`)).json().data.total).toBe(0);

    const invite = (await get(`${BASE}/${all.items[0].id}`)).json().data;
    expect(invite.links).toEqual([expect.objectContaining({ kind: 'invitation', url: expect.stringMatching(/^http:\/\/pavilion\.test\/er\/[A-Za-z0-9_-]+\?invite=1$/) })]);

    // The other organisation sees none of it: its list is empty and the ids answer 404.
    expect((await get(`${BASE}?to=pager`, other.accessToken)).json().data.total).toBe(0);
    const foreign = await get(`${BASE}/${all.items[0].id}`, other.accessToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 'ERROR', code: 'MAIL_NOT_FOUND' });
    expect((await get(`${BASE}/${all.items[0].id}/attachments/0`, other.accessToken)).statusCode).toBe(404);
  });

  it('narrows an event-scoped member to its events, and refuses bad input, anonymous callers and missing codes', async () => {
    const e1 = await createEvent(t.app, host.accessToken, 'Allowed');
    const e2 = await createEvent(t.app, host.accessToken, 'Hidden');
    for (const [eventId, email] of [
      [e1, 'allowed@example.com'],
      [e2, 'hidden@example.com'],
    ] as const) {
      const ticket = await createTicket(t.app, host.accessToken, eventId, { name: 'Free', isFree: true });
      await placeOrder(t.app, eventId, { ...orderBody(ticket.id), buyer: { firstName: 'S', email } });
      await waitForMail(`to=${email}`);
    }
    const role = (await t.app.inject({ method: 'POST', url: '/api/auth/roles', headers: bearer(host.accessToken), payload: { name: 'Mail reader', codes: ['AP-647'] } })).json().data;
    const plain = (await t.app.inject({ method: 'POST', url: '/api/auth/roles', headers: bearer(host.accessToken), payload: { name: 'No mail', codes: ['AP-46'] } })).json().data;
    const join = async (email: string, roleId: string, itemAccess: unknown[]) => {
      await t.app.inject({ method: 'POST', url: '/api/auth/team/invitations', headers: bearer(host.accessToken), payload: { email, firstName: 'Member', accessLevel: 2, roleId, itemAccess } });
      // The invitation is read where a developer reads it: in the outbox.
      const mail = (await waitForMail(`to=${email}`)).items[0];
      const link = (await get(`${BASE}/${mail.id}`)).json().data.links[0].url as string;
      const token = /\/er\/([A-Za-z0-9_-]+)\?invite=1/.exec(link)![1];
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password: 'Member#Pass2026', confirmPassword: 'Member#Pass2026' }, remoteAddress: `10.66.${Math.floor(Math.random() * 250)}.1` });
      return res.json().data.accessToken as string;
    };
    const scoped = await join('scoped@outbox.example', role.id, [{ itemType: 'event', itemId: e1 }]);
    const seen = (await get(`${BASE}?pageSize=100`, scoped)).json().data;
    expect(seen.items.map((m: { to: string }) => m.to)).toEqual(['allowed@example.com']);
    const hidden = (await get(`${BASE}?to=hidden`)).json().data.items[0];
    expect((await get(`${BASE}/${hidden.id}`, scoped)).statusCode).toBe(404);

    const noCode = await join('nocode@outbox.example', plain.id, []);
    expect((await get(`${BASE}`, noCode)).statusCode).toBe(403);
    expect((await t.app.inject(`${BASE}`)).statusCode).toBe(401);

    for (const q of ['page=0', 'pageSize=1000', 'to=' + 'x'.repeat(300), 'unknown=1']) {
      const res = await get(`${BASE}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ status: 'ERROR', code: 'VALIDATION_FAILED' });
    }
    expect((await get(`${BASE}/${hidden.id}/attachments/-1`)).statusCode).toBe(400);
    expect((await get(`${BASE}/${hidden.id}/attachments/7`)).json()).toMatchObject({ code: 'MAIL_ATTACHMENT_NOT_FOUND' });
    // A filter is data, never a pattern: % and _ match themselves.
    expect((await get(`${BASE}?to=%25`)).json().data.total).toBe(0);
  });

  it('sanitises hostile HTML a sender let through', async () => {
    const rows = await t.ctx.database.db.execute(sql`select organisation_id from users where id = ${host.userData.id}`);
    const organisationId = (rows.rows[0] as { organisation_id: string }).organisation_id;
    const html = '<p onclick="alert(1)">Hi</p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">j</a><form action="http://evil.example"><input name="p"></form><img src="cid:missing">';
    const sent = await t.ctx.mailer.send({ to: 'hostile@example.com', organisationId, subject: 'Hostile', text: 'x', html });
    const msg = (await get(`${BASE}/${sent.id}`)).json().data;
    expect(msg.html).toContain('<p>Hi</p>');
    for (const bad of ['onclick', '<script', 'onerror', 'javascript:', '<form', '<input', 'cid:']) expect(msg.html, bad).not.toContain(bad);
    expect(msg.links).toEqual([]);
  });
});

describe('mail outbox switched off (production without MAIL_OUTBOX_UI)', () => {
  it('answers 404 MAIL_OUTBOX_DISABLED, and the status says so for the menu', async () => {
    const off = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://pavilion.test' });
    try {
      const h = await signupOrganiser(off.app);
      const status = await off.app.inject({ method: 'GET', url: `${BASE}/status`, headers: bearer(h.accessToken) });
      expect(status.json().data).toEqual({ enabled: false, transport: 'outbox' });
      for (const url of [BASE, `${BASE}/abc`, `${BASE}/abc/attachments/0`]) {
        const res = await off.app.inject({ method: 'GET', url, headers: bearer(h.accessToken) });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ status: 'ERROR', code: 'MAIL_OUTBOX_DISABLED' });
      }
    } finally {
      await off.close();
    }
  });
});
