import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { bearer, createTestApp, HOST_PASSWORD, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let clock = Date.now();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pavilion.example' }, { now: () => new Date(clock) });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const login = (body: Record<string, unknown>, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: ip });

describe('signup', () => {
  it('creates an organiser and answers the SPEC §3.4 auth record', async () => {
    const rec = await signupOrganiser(t.app);
    expect(rec.accessToken.split('.')).toHaveLength(3);
    expect(rec.refreshToken.length).toBeGreaterThan(30);
    expect(rec.userData.email).toMatch(/@example.com$/);
  });

  it.each([
    ['Short#1', 'Password must be between 8 and 16 characters long.'],
    ['Seventeen#chars1a', 'Password must be between 8 and 16 characters long.'],
    ['alllowercase1#', 'Password must include uppercase, lowercase, number, and special character for a strong password'],
    ['Password@123', 'Password is too common. Please choose a different one.'],
  ])('refuses the password %s with the exact spec message', async (password, key) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'A', email: 'p@example.com', password, confirmPassword: password, organisationName: 'O' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'password', key });
  });

  it('refuses a bad email (inVaildEmail), a mismatched confirmation (comparePassword) and a taken email', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'A', email: 'nope@x', password: HOST_PASSWORD, confirmPassword: 'Other#Pass2026', organisationName: 'O' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'email', key: 'inVaildEmail' },
        { field: 'confirmPassword', key: 'comparePassword' },
      ]),
    );
    const first = await signupOrganiser(t.app, { email: 'taken@example.com' });
    expect(first.userData.email).toBe('taken@example.com');
    await expect(signupOrganiser(t.app, { email: 'TAKEN@example.com' })).rejects.toThrow(/409/);
  });
});

describe('signup in production', () => {
  it('refuses a throwaway-mail address', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { firstName: 'A', email: 'someone@mailinator.com', password: HOST_PASSWORD, confirmPassword: HOST_PASSWORD, organisationName: 'O' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'email', key: 'inVaildEmail' }]);
    } finally {
      await prod.close();
    }
  });
});

describe('login and rate limiting', () => {
  it('logs in by email (any case) and by mobile', async () => {
    await signupOrganiser(t.app, { email: 'mixed@example.com' });
    const res = await login({ identifier: 'MIXED@example.com', password: HOST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isLogin).toBe(true);

    const withPhone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'M', email: 'mobile@example.com', contactNo: '+919811111111', password: HOST_PASSWORD, confirmPassword: HOST_PASSWORD, organisationName: 'O' },
    });
    expect(withPhone.statusCode).toBe(201);
    const byPhone = await login({ identifier: '+919811111111', password: HOST_PASSWORD });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json().data.userData.email).toBe('mobile@example.com');
  });

  it('answers 401 INVALID_CREDENTIALS alike for a wrong password and an unknown account', async () => {
    await signupOrganiser(t.app, { email: 'wrongpw@example.com' });
    const wrong = await login({ identifier: 'wrongpw@example.com', password: 'Nope#12345' }, '10.0.1.1');
    const unknown = await login({ identifier: 'ghost@example.com', password: 'Nope#12345' }, '10.0.1.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('blocks an account after 5 failures in 15 minutes, even from other IPs, and lets it in again after the window', async () => {
    await signupOrganiser(t.app, { email: 'victim@example.com' });
    for (let i = 0; i < 5; i++) {
      expect((await login({ identifier: 'victim@example.com', password: 'Wrong#pass1' }, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login({ identifier: 'victim@example.com', password: HOST_PASSWORD }, '10.1.1.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    clock += 15 * 60 * 1000 + 1000;
    expect((await login({ identifier: 'victim@example.com', password: HOST_PASSWORD }, '10.1.1.99')).statusCode).toBe(200);
  });

  it('blocks an IP after 5 failures across accounts', async () => {
    for (let i = 0; i < 5; i++) {
      await login({ identifier: `nobody${i}@example.com`, password: 'Wrong#pass1' }, '10.2.0.1');
    }
    const res = await login({ identifier: 'mixed@example.com', password: HOST_PASSWORD }, '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect((await login({ identifier: 'mixed@example.com', password: HOST_PASSWORD }, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('tokens: refresh, fallback and logout (SPEC §7)', () => {
  it('renews the access token with the refresh token as bearer and the old access token in a header, rotating the refresh token', async () => {
    const rec = await signupOrganiser(t.app);
    const userId = rec.userData.id;
    clock += 60_000;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/generate/accessToken?userId=${userId}`,
      headers: { ...bearer(rec.refreshToken), 'x-access-token': rec.accessToken },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('OK');
    expect(typeof body.data).toBe('string');
    expect(decodeJwt(body.data).sub).toBe(userId);
    const rotated = String(res.headers['x-refresh-token']);
    expect(rotated).not.toBe(rec.refreshToken);

    // The new access token works; the rotated refresh token works once more.
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(body.data) })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: `/api/auth/generate/accessToken?userId=${userId}`, headers: bearer(rotated) });
    expect(again.statusCode).toBe(200);

    // Replaying the first (already rotated) token is theft: 401, and its whole family is revoked.
    const replay = await t.app.inject({ method: 'POST', url: `/api/auth/generate/accessToken?userId=${userId}`, headers: bearer(rec.refreshToken) });
    expect(replay.statusCode).toBe(401);
    const latest = String(again.headers['x-refresh-token']);
    const afterTheft = await t.app.inject({ method: 'POST', url: `/api/auth/generate/accessToken?userId=${userId}`, headers: bearer(latest) });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('refuses a refresh for another userId, or with an access token as bearer', async () => {
    const a = await signupOrganiser(t.app);
    const b = await signupOrganiser(t.app);
    const other = await t.app.inject({ method: 'POST', url: `/api/auth/generate/accessToken?userId=${b.userData.id}`, headers: bearer(a.refreshToken) });
    expect(other.statusCode).toBe(401);
    const withAccess = await t.app.inject({ method: 'POST', url: `/api/auth/generate/accessToken?userId=${a.userData.id}`, headers: bearer(a.accessToken) });
    expect(withAccess.statusCode).toBe(401);
    const mismatchedOld = await t.app.inject({
      method: 'POST',
      url: `/api/auth/generate/accessToken?userId=${a.userData.id}`,
      headers: { ...bearer(a.refreshToken), 'x-access-token': b.accessToken },
    });
    expect(mismatchedOld.statusCode).toBe(401);
  });

  it('accepts the refresh token only on the refresh and logout calls', async () => {
    const rec = await signupOrganiser(t.app);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(rec.refreshToken) });
    expect(me.statusCode).toBe(401);
    const events = await t.app.inject({ url: '/api/eventservices/events', headers: bearer(rec.refreshToken) });
    expect(events.statusCode).toBe(401);
  });

  it('expires the access token after its lifetime', async () => {
    const rec = await signupOrganiser(t.app);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(rec.accessToken) })).statusCode).toBe(200);
    clock += 16 * 60 * 1000;
    const res = await t.app.inject({ url: '/api/auth/me', headers: bearer(rec.accessToken) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_INVALID');
  });

  it('logoutUser with the access token revokes the session refresh token', async () => {
    const rec = await signupOrganiser(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logoutUser', headers: bearer(rec.accessToken) });
    expect(out.statusCode).toBe(200);
    const refresh = await t.app.inject({ method: 'POST', url: `/api/auth/generate/accessToken?userId=${rec.userData.id}`, headers: bearer(rec.refreshToken) });
    expect(refresh.statusCode).toBe(401);
  });

  it('logoutUser with the refresh token (fallback) revokes it too', async () => {
    const rec = await signupOrganiser(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logoutUser', headers: { ...bearer(rec.refreshToken), 'content-type': 'application/json' }, payload: '' });
    expect(out.statusCode).toBe(200);
    const refresh = await t.app.inject({ method: 'POST', url: `/api/auth/generate/accessToken?userId=${rec.userData.id}`, headers: bearer(rec.refreshToken) });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('password reset over SMTP', () => {
  it('emails a code, confirms it once at er/{code}, and revokes old sessions', async () => {
    const rec = await signupOrganiser(t.app, { email: 'forgetful@example.com' });
    const before = smtp.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: 'forgetful@example.com' } });
    expect(res.json()).toEqual({ status: 'OK', data: { accepted: true } });
    await smtp.waitFor(before + 1);
    const mail = smtp.messages[before]!;
    expect(mail.to).toEqual(['forgetful@example.com']);
    const flat = mail.raw.replace(/=\r?\n/g, '');
    const code = /https:\/\/pavilion\.example\/er\/([A-Za-z0-9_-]{40,})/.exec(flat)?.[1];
    expect(code).toBeTruthy();

    const weak = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { code, password: 'weak', confirmPassword: 'weak' } });
    expect(weak.statusCode).toBe(400);

    const newPassword = 'Brand#New2026x';
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { code, password: newPassword, confirmPassword: newPassword } });
    expect(ok.json()).toEqual({ status: 'OK', data: { reset: true } });
    const twice = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { code, password: newPassword, confirmPassword: newPassword } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('RESET_CODE_INVALID');

    expect((await login({ identifier: 'forgetful@example.com', password: newPassword }, '10.3.0.1')).statusCode).toBe(200);
    const oldRefresh = await t.app.inject({ method: 'POST', url: `/api/auth/generate/accessToken?userId=${rec.userData.id}`, headers: bearer(rec.refreshToken) });
    expect(oldRefresh.statusCode).toBe(401);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.messages.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: 'nobody-here@example.com' } });
    expect(res.json()).toEqual({ status: 'OK', data: { accepted: true } });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(before);
  });

  it('refuses an expired code', async () => {
    await signupOrganiser(t.app, { email: 'slow@example.com' });
    const before = smtp.messages.length;
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: 'slow@example.com' } });
    await smtp.waitFor(before + 1);
    const code = /\/er\/([A-Za-z0-9_-]{40,})/.exec(smtp.messages[before]!.raw.replace(/=\r?\n/g, ''))?.[1];
    clock += 31 * 60 * 1000;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { code, password: 'Brand#New2026x', confirmPassword: 'Brand#New2026x' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('auto-login links', () => {
  it('adl: a random key that works once for its event and expires', async () => {
    const host = await signupOrganiser(t.app);
    const ev = await t.app.inject({
      method: 'POST',
      url: '/api/eventservices/events',
      headers: bearer(host.accessToken),
      payload: { name: 'Expo', startDate: '2027-01-10', endDate: '2027-01-12', timeZone: 'Europe/London', eventMode: 1, eventType: 2 },
    });
    const eventId = ev.json().data.id as string;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/autologin',
      headers: bearer(host.accessToken),
      payload: { kind: 'adl', userId: host.userData.id, eventId, ttlMinutes: 5 },
    });
    expect(created.statusCode).toBe(201);
    const { key, path } = created.json().data;
    expect(path).toBe(`/adl/${key}/${eventId}`);

    const wrongEvent = await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId: 'other' } });
    expect(wrongEvent.statusCode).toBe(410);
    const used = await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId } });
    expect(used.statusCode).toBe(200);
    expect(used.json().data.eventData.eventId).toBe(eventId);
    expect(used.json().data.redirectTo).toContain(eventId);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId } });
    expect(again.statusCode).toBe(410);

    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/autologin',
      headers: bearer(host.accessToken),
      payload: { kind: 'adl', userId: host.userData.id, eventId, ttlMinutes: 1 },
    });
    clock += 2 * 60 * 1000;
    const expired = await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key: short.json().data.key, eventId } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('LINK_EXPIRED');
  });

  it('cannot be created for another organisation’s user', async () => {
    const a = await signupOrganiser(t.app);
    const b = await signupOrganiser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/autologin',
      headers: bearer(a.accessToken),
      payload: { kind: 'exe', userId: b.userData.id },
    });
    expect(res.statusCode).toBe(404);
  });
});
