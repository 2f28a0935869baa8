import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';
import { signInAtEvent } from '../support/attendee.ts';
import { solidPng } from '../support/images.ts';

/*
 * Issue 16, speakers' accounts. The organiser invites a speaker from Sessions & agenda → Speakers; the speaker opens
 * the mailed one-time link on a phone with nothing stored, lands on "My speaker profile", confirms it, edits their bio,
 * adds a photo and sees their session (time in the event's zone, room). The organiser's list shows "Confirmed"; the
 * attendee's Speakers listing shows the new bio and photo. The used link is refused with its own page.
 */
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const NAME = 'Priya Raman';
const SESSION = 'Cities that store the sun';
const BIO = 'Designs battery parks for Indian cities. Speaks on storage at scale.';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('speaker invitation', () => {
  it('the organiser invites a speaker, who confirms and edits their profile from the mailed link; attendees see it', async () => {
    const ev = server.eventId;
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    // Set-up through the API (the Speakers and Sessions forms have their own journey, programme.e2e.ts): a speaker with
    // an email, in a session of a room of their own on the expo's second day (Asia/Kolkata).
    const email = `priya.${Date.now()}@storage.example`;
    const programme = `/api/scheduleservices/api/events/${ev}`;
    const speaker = await organiserCallInPage<{ id: string }>(organiser, 'POST', `${programme}/speakers`, { name: NAME, title: 'Engineer', company: 'Sun Store', bio: 'Old bio.', links: [], email });
    const room = await organiserCallInPage<{ id: string }>(organiser, 'POST', `${programme}/rooms`, { name: 'Storage Lab', capacity: 40 });
    await organiserCallInPage(organiser, 'POST', `${programme}/sessions`, {
      title: SESSION,
      descriptionHtml: '',
      sessionType: 'talk',
      trackId: null,
      roomId: room.id,
      start: '2027-02-17T11:00',
      end: '2027-02-17T11:45',
      speakerIds: [speaker.id],
      capacity: null,
      bookingRequired: false,
    });

    // Speakers: not invited yet; Invite mails the link.
    await organiser.goto(`/app/sessions/speakers?eventId=${ev}`);
    const row = organiser.locator(`tr[data-speaker="${NAME}"]`);
    await row.getByText('Not invited').waitFor({ timeout: 30_000 });
    const before = smtp.messages.length;
    await row.getByRole('button', { name: `Invite: ${NAME}` }).click();
    await expect.poll(() => organiser.getByText(`Invitation sent to ${email}`).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await row.getByText('Invited', { exact: true }).waitFor({ timeout: 10_000 });
    await expectAccessible(organiser, 'speakers list');
    await screenshot(organiser, 'speaker-invite-organiser');

    // The speaker opens the mail's link on a phone, with nothing stored: "My speaker profile".
    await expect.poll(() => smtp.messages.slice(before).filter((m) => m.to.some((x) => x.toLowerCase() === email)).length, { timeout: 20_000 }).toBe(1);
    const mail = await PostalMime.parse(smtp.messages.slice(before).find((m) => m.to.some((x) => x.toLowerCase() === email))!.raw);
    expect(mail.subject).toContain('your speaker profile');
    const link = /href="([^"]*\/adl\/[A-Za-z0-9_-]+\/[^"]+)"/.exec(mail.html ?? '')?.[1];
    expect(link, 'the mail carries the sign-in link').toBeTruthy();
    const linkPath = new URL(link!.replace(/&amp;/g, '&')).pathname;
    const phone = await (await newContext(browser, server.url, PHONE)).newPage();
    const phoneWatch = watchPage(phone);
    await phone.goto(linkPath);
    await phone.getByRole('heading', { name: /^My speaker profile · / }).waitFor({ timeout: 30_000 });
    const sessions = phone.getByRole('region', { name: 'Your sessions' });
    await sessions.getByText(SESSION).waitFor({ timeout: 15_000 });
    await sessions.getByText('Wed 17 Feb 11:00–11:45 · Storage Lab').waitFor();
    await sessions.getByText('Times in Asia/Kolkata').waitFor();
    await phone.getByText('Not confirmed yet').waitFor();

    await phone.getByRole('button', { name: 'Confirm my profile' }).click();
    await phone.getByText('Confirmed', { exact: true }).waitFor({ timeout: 10_000 });

    await phone.getByRole('textbox', { name: 'Biography' }).fill(`${BIO} <b>bold</b>`);
    await phone.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => phone.getByText('Profile saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // What the server kept (tags removed) is what the form shows now.
    await expect.poll(() => phone.getByRole('textbox', { name: 'Biography' }).inputValue(), { timeout: 10_000 }).toBe(`${BIO} bold`);

    // A wrong file is refused under the field; a PNG is saved and shown.
    await phone.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4 not an image') });
    await phone.getByText('This file is not the image its name says.').waitFor({ timeout: 10_000 });
    await phone.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(96, [30, 120, 200]) });
    await expect.poll(() => phone.getByText('Photo saved').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await phone.getByRole('img', { name: `Photo of ${NAME}` }).waitFor({ timeout: 10_000 });
    await expectAccessible(phone, 'my speaker profile');
    await phone.getByRole('heading', { name: 'Your profile', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(phone, 'speaker-invite-profile');

    // The link worked once: opened again, it is refused with its own page.
    const again = await (await newContext(browser, server.url, PHONE)).newPage();
    await again.goto(linkPath);
    await again.getByRole('heading', { name: 'This link has expired or was already used' }).waitFor({ timeout: 30_000 });
    await screenshot(again, 'speaker-invite-used-link');

    // The organiser sees "Confirmed" and the photo.
    await organiser.reload();
    await row.getByText('Confirmed', { exact: true }).waitFor({ timeout: 30_000 });

    // An attendee on a phone sees the new bio and the photo in the Speakers listing.
    const attendee = await (await newContext(browser, server.url, PHONE)).newPage();
    const attWatch = watchPage(attendee);
    await signInAtEvent(attendee, ev, ATTENDEE);
    await attendee.goto('/tabs/speaker-listing');
    const card = attendee.getByRole('article', { name: NAME });
    await card.getByText(`${BIO} bold`).waitFor({ timeout: 30_000 });
    const img = card.getByRole('img', { name: `Photo of ${NAME}` });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(96);
    await expectAccessible(attendee, 'speakers listing');
    await card.scrollIntoViewIfNeeded();
    await screenshot(attendee, 'speaker-invite-listing');

    // The speaker removes the photo again, after answering the question in place: their initials show.
    const photoField = phone.getByRole('group', { name: 'Photo' });
    await photoField.getByRole('button', { name: 'Remove photo' }).click();
    const question = phone.getByRole('group', { name: 'Remove this photo?' });
    await question.waitFor();
    await screenshot(phone, 'speaker-photo-remove-confirm');
    await question.getByRole('button', { name: 'Remove photo' }).click();
    await expect.poll(() => phone.getByText('Photo removed').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => phone.getByRole('img', { name: `Photo of ${NAME}` }).count(), { timeout: 10_000 }).toBe(0);

    expect([...orgWatch.errors, ...phoneWatch.errors, ...attWatch.errors]).toEqual([]);
    // Three browsers on a shared 2-core machine: about 45 s idle, more when others' runs load it.
  }, 240_000);
});
