import { expect } from 'vitest';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import type { startSmtpCapture } from '../../test/smtp-capture.ts';

/** Route tests' people of an exhibiting company: its admin (from the invitation mail) and signed-in participants. */

/** A participant of `eventId` signed in through ei/{eventId} (tokens signed directly), with this account email. */
export async function participantOf(t: TestApp, organisationId: string, eventId: string, email: string): Promise<Record<string, string>> {
  const user = (await t.ctx.auth.findUserByEmail(email)) ?? (await t.ctx.auth.createUser({ email, password: 'Guest#Secure26', firstName: 'Pat', lastName: 'Part', userType: UserType.Attendee, role: 'Attendee', organisationId: null }));
  const eu = await t.ctx.events.addParticipant(organisationId, eventId, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId, eventUserId: eu!.id });
  return { ...bearer(access), 'x-user-access-token': eventAccess };
}

/** The organiser invites the company's admin; the admin signs in with the link of the mail. */
export async function companyAdminOf(
  t: TestApp,
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>,
  organiser: Record<string, string>,
  eventId: string,
  companyId: string,
  email: string,
): Promise<Record<string, string>> {
  const before = smtp.messages.length;
  const res = await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/exhibition/companies/${companyId}/admin-invitation`, headers: organiser, payload: { email, firstName: 'Asha' } });
  expect(res.statusCode, res.body).toBe(201);
  await smtp.waitFor(before + 1);
  const mail = smtp.messages.slice(before).find((m) => m.to.includes(email))!;
  const flat = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const key = new RegExp(`/adl/([A-Za-z0-9_-]+)/${eventId}`).exec(flat)![1]!;
  const consumed = await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId } });
  expect(consumed.statusCode, consumed.body).toBe(200);
  const data = consumed.json().data;
  return { ...bearer(data.accessToken), 'x-user-access-token': data.eventData.accessCodeToken };
}
