import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TAB_NAMES, DEFAULT_APP_TABS, PORTAL_MENU, UserType } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';
import { tabRefusal, type Viewer } from './portal.service.ts';

let t: TestApp;
let H: Record<string, string>;
let other: Record<string, string>;
let eventId: string;
let eventB: string;
let vipTicket: string;
let visitorTicket: string;
let ticketOfB: string;
let holder: Record<string, string>;
let nonHolder: Record<string, string>;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const org = (ev: string, path: string) => `/api/eventservices/events/${ev}${path}`;
const pub = (ev: string, path: string) => `/api/eventservices/public/events/${ev}${path}`;

type Tab = { tabName: string; title: string; displayOrder: number; showInMenu: boolean; loginRequired: boolean; menuBanner: string; ticketIds: string[] };
type Entry = { key: string; title: string; displayOrder: number; isShown: boolean; eventMode: number[]; showMenuOnPreEvent: boolean };

const defaults = (): Tab[] => DEFAULT_APP_TABS.map(({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds }) => ({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds: [...ticketIds] }));
const defaultEntries = (): Entry[] => PORTAL_MENU.map((e, i) => ({ key: e.key, title: e.name, displayOrder: i + 1, isShown: true, eventMode: [...e.eventMode], showMenuOnPreEvent: e.showMenuOnPreEvent }));
const put = (ev: string, path: string, payload: unknown, headers = H) => t.app.inject({ method: 'PUT', url: org(ev, path), headers, payload: payload as Record<string, unknown> });

async function attendeeLogin(email: string, ip: string) {
  await t.ctx.auth.createUser({ organisationId: null, email, password: 'Att#Secure2026', firstName: 'Ada', userType: UserType.Attendee, role: 'Attendee' });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { identifier: email, password: 'Att#Secure2026' } });
  return bearer(login.json().data.accessToken as string);
}

async function register(ticketId: string, email: string) {
  const body = orderBody(ticketId);
  body.attendees[0] = { ...body.attendees[0]!, email };
  const res = await placeOrder(t.app, eventId, body);
  expect(res.statusCode).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  H = bearer((await signupOrganiser(t.app, { organisationName: 'Portal Org' })).accessToken);
  other = bearer((await signupOrganiser(t.app, { organisationName: 'Other Org' })).accessToken);
  const token = H.authorization!.slice(7);
  eventId = await createEvent(t.app, token, 'Portal Expo');
  eventB = await createEvent(t.app, token, 'Second Expo');
  vipTicket = (await createTicket(t.app, token, eventId, { name: 'VIP', isFree: true, price: 0 })).id;
  visitorTicket = (await createTicket(t.app, token, eventId, { name: 'Visitor', isFree: true, price: 0 })).id;
  ticketOfB = (await createTicket(t.app, token, eventB, { name: 'B pass', isFree: true, price: 0 })).id;
  await register(vipTicket, 'vip@example.com');
  await register(visitorTicket, 'visitor@example.com');
  holder = await attendeeLogin('vip@example.com', '10.88.0.1');
  nonHolder = await attendeeLogin('visitor@example.com', '10.88.0.2');
});
afterAll(async () => {
  await t?.close();
});

describe('organiser: app tabs', () => {
  it('answers the SPEC §2.4 defaults for an event with nothing saved, with what is built', async () => {
    const res = await t.app.inject({ url: org(eventId, '/app-tabs'), headers: H });
    expect(res.statusCode).toBe(200);
    const view = res.json().data;
    expect(view.isDefault).toBe(true);
    expect(view.tabs.map((x: Tab) => x.tabName)).toEqual([...APP_TAB_NAMES]);
    expect(view.tabs.filter((x: Tab) => x.showInMenu).map((x: Tab) => x.title)).toEqual(['Home', 'Networking', 'Schedule', 'EFeed', 'Exhibitor', 'Speaker', 'Leads', 'Selfie Point', 'About the Event']);
    expect(view.tabs.filter((x: { isBuilt: boolean }) => x.isBuilt).map((x: Tab) => x.tabName)).toEqual(['event-info', 'networking', 'session-list', 'exhibitors', 'speaker-listing', 'lead', 'e-badge', 'event-agenda', 'sponsor', 'event-location', 'about-the-event']);
  });

  it('saves the whole list: reorder, hide, rename, restrict to a ticket; the other event keeps its defaults', async () => {
    const tabs = defaults();
    const about = tabs.find((x) => x.tabName === 'about-the-event')!;
    const home = tabs.find((x) => x.tabName === 'event-info')!;
    about.displayOrder = 1;
    home.displayOrder = 20;
    tabs.find((x) => x.tabName === 'e-badge')!.showInMenu = true;
    tabs.find((x) => x.tabName === 'event-location')!.showInMenu = true;
    tabs.find((x) => x.tabName === 'event-location')!.ticketIds = [vipTicket];
    tabs.find((x) => x.tabName === 'e-badge')!.loginRequired = true;
    about.title = 'Why come';
    tabs.find((x) => x.tabName === 'faq')!.displayOrder = 21;
    const res = await put(eventId, '/app-tabs', { tabs });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved.isDefault).toBe(false);
    expect(saved.tabs[0]).toMatchObject({ tabName: 'about-the-event', title: 'Why come' });
    expect(saved.tabs.at(-1).tabName).toBe('faq');
    expect(saved.tabs.find((x: Tab) => x.tabName === 'event-location').ticketIds).toEqual([vipTicket]);
    const b = await t.app.inject({ url: org(eventB, '/app-tabs'), headers: H });
    expect(b.json().data.isDefault).toBe(true);
  });

  it('refuses bad lists with the field and key, and changes nothing', async () => {
    const before = (await t.app.inject({ url: org(eventId, '/app-tabs'), headers: H })).json().data;
    const cases: [Tab[] | unknown[], { field: string; key: string }][] = [];
    const unknown = defaults() as unknown[];
    (unknown[3] as Tab).tabName = 'casino';
    cases.push([unknown, { field: 'tabs.3.tabName', key: 'invalid_value' }]);
    const dupTab = defaults();
    dupTab[4]!.tabName = 'event-info';
    cases.push([dupTab, { field: 'tabs.4.tabName', key: 'duplicateTab' }]);
    const dupOrder = defaults();
    dupOrder[5]!.displayOrder = 1;
    cases.push([dupOrder, { field: 'tabs.5.displayOrder', key: 'duplicateOrder' }]);
    cases.push([defaults().slice(1), { field: 'tabs', key: 'missingTab' }]);
    const foreign = defaults();
    foreign[0]!.ticketIds = [ticketOfB];
    cases.push([foreign, { field: 'tabs.0.ticketIds', key: 'unknownTicket' }]);
    const banner = defaults();
    banner[1]!.menuBanner = 'not-a-banner-id';
    cases.push([banner, { field: 'tabs.1.menuBanner', key: 'unknownBanner' }]);
    const blank = defaults();
    blank[2]!.title = '   ';
    cases.push([blank, { field: 'tabs.2.title', key: 'required' }]);
    for (const [tabs, error] of cases) {
      const res = await put(eventId, '/app-tabs', { tabs });
      expect(res.statusCode, JSON.stringify(error)).toBe(400);
      expect(res.json().errors).toContainEqual(error);
    }
    const after = (await t.app.inject({ url: org(eventId, '/app-tabs'), headers: H })).json().data;
    expect(after).toEqual(before);
  });

  it('is scoped to the organisation: another organisation gets 404 and cannot read or write', async () => {
    expect((await t.app.inject({ url: org(eventId, '/app-tabs'), headers: other })).statusCode).toBe(404);
    expect((await put(eventId, '/app-tabs', { tabs: defaults() }, other)).statusCode).toBe(404);
    expect((await t.app.inject({ url: org(eventId, '/portal-menu'), headers: other })).statusCode).toBe(404);
    expect((await t.app.inject({ url: org(eventId, '/app-tabs'), headers: holder })).statusCode).toBe(403);
  });

  it('takes an image banner (checked by its bytes), refuses others, and serves it for good', async () => {
    const bad = await t.app.inject({ method: 'POST', url: org(eventId, '/app-tabs/banners'), headers: H, payload: { fileName: 'banner.png', dataBase64: Buffer.from('MZ not an image').toString('base64') } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'dataBase64', key: 'fileContentMismatch' }]);
    const pdf = await t.app.inject({ method: 'POST', url: org(eventId, '/app-tabs/banners'), headers: H, payload: { fileName: 'banner.pdf', dataBase64: Buffer.from('%PDF-1.7').toString('base64') } });
    expect(pdf.json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    const ok = await t.app.inject({ method: 'POST', url: org(eventId, '/app-tabs/banners'), headers: H, payload: { fileName: 'banner.png', dataBase64: PNG.toString('base64') } });
    expect(ok.statusCode).toBe(201);
    const { bannerId, url } = ok.json().data;
    const img = await t.app.inject(url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toContain('immutable');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // A banner of event A is not one of event B's.
    const tabs = defaults();
    tabs[0]!.menuBanner = bannerId;
    expect((await put(eventB, '/app-tabs', { tabs })).json().errors).toContainEqual({ field: 'tabs.0.menuBanner', key: 'unknownBanner' });
    const current = (await t.app.inject({ url: org(eventId, '/app-tabs'), headers: H })).json().data.tabs as Tab[];
    const withBanner = current.map(({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds }) => ({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner: tabName === 'about-the-event' ? bannerId : menuBanner, ticketIds }));
    const saved = await put(eventId, '/app-tabs', { tabs: withBanner });
    expect(saved.json().data.tabs[0]).toMatchObject({ tabName: 'about-the-event', menuBanner: bannerId, bannerUrl: url });
  });
});

describe('attendee: the app menu and tab data', () => {
  const names = (res: { json(): { data: { tabs: { tabName: string }[] } } }) => res.json().data.tabs.map((x) => x.tabName);

  it('shows an anonymous visitor only built, shown tabs that need no login and no ticket', async () => {
    const res = await t.app.inject(pub(eventId, '/app-menu'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(names(res)).toEqual(['about-the-event', 'networking', 'session-list', 'exhibitors', 'speaker-listing', 'lead', 'event-info']);
    expect(res.json().data.viewer).toEqual({ isSignedIn: false, isParticipant: false });
    expect(res.json().data.tabs[0].bannerUrl).toMatch(/^\/api\/eventservices\/public\/portal-banners\//);
  });

  it('shows the ticket holder the restricted tab, and the attendee without the ticket not', async () => {
    expect(names(await t.app.inject({ url: pub(eventId, '/app-menu'), headers: holder }))).toEqual(['about-the-event', 'networking', 'session-list', 'exhibitors', 'speaker-listing', 'lead', 'e-badge', 'event-location', 'event-info']);
    expect(names(await t.app.inject({ url: pub(eventId, '/app-menu'), headers: nonHolder }))).toEqual(['about-the-event', 'networking', 'session-list', 'exhibitors', 'speaker-listing', 'lead', 'e-badge', 'event-info']);
  });

  it('refuses a restricted tab’s data: 401 anonymous, 403 without the ticket, 200 with it', async () => {
    const anon = await t.app.inject(pub(eventId, '/app-tabs/event-location'));
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('TAB_LOGIN_REQUIRED');
    const denied = await t.app.inject({ url: pub(eventId, '/app-tabs/event-location'), headers: nonHolder });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('TAB_TICKET_RESTRICTED');
    const ok = await t.app.inject({ url: pub(eventId, '/app-tabs/event-location'), headers: holder });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ tabName: 'event-location', isBuilt: true, content: { event: { id: eventId, name: 'Portal Expo', venue: 'Hall 1' } } });
  });

  it('refuses a login-required tab to anonymous visitors and to people of another event', async () => {
    expect((await t.app.inject(pub(eventId, '/app-tabs/e-badge'))).json().code).toBe('TAB_LOGIN_REQUIRED');
    const stranger = await attendeeLogin('stranger@example.com', '10.88.0.3');
    const res = await t.app.inject({ url: pub(eventId, '/app-tabs/e-badge'), headers: stranger });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TAB_NOT_PARTICIPANT');
    expect((await t.app.inject({ url: pub(eventId, '/app-tabs/e-badge'), headers: nonHolder })).statusCode).toBe(200);
  });

  it('answers a hidden or unknown tab 404, and an unbuilt shown tab with isBuilt false and no content', async () => {
    expect((await t.app.inject(pub(eventId, '/app-tabs/faq'))).json().code).toBe('TAB_NOT_AVAILABLE');
    expect((await t.app.inject(pub(eventId, '/app-tabs/casino'))).statusCode).toBe(404);
    const feed = await t.app.inject(pub(eventId, '/app-tabs/feed-listing'));
    expect(feed.statusCode).toBe(200);
    expect(feed.json().data).toMatchObject({ tabName: 'feed-listing', title: 'EFeed', isBuilt: false, content: null });
  });

  it('keeps event B apart: its menu is the defaults, and event A’s holder gains nothing there', async () => {
    expect(names(await t.app.inject({ url: pub(eventB, '/app-menu'), headers: holder }))).toEqual(['event-info', 'networking', 'session-list', 'exhibitors', 'speaker-listing', 'lead', 'about-the-event']);
    const res = await t.app.inject({ url: pub(eventB, '/app-menu'), headers: holder });
    expect(res.json().data.viewer).toEqual({ isSignedIn: true, isParticipant: false });
    expect((await t.app.inject(pub('no-such-event', '/app-menu'))).statusCode).toBe(404);
  });

  it('decides with one rule (the port later capabilities call): organisers see every shown tab, tickets beat login', () => {
    const tab = { tabName: 'event-location', showInMenu: true, loginRequired: false, ticketIds: ['t1'] };
    const viewer = (over: Partial<Viewer> = {}): Viewer => ({ isSignedIn: true, isParticipant: true, isOrganiser: false, heldTicketIds: new Set<string>(), ...over });
    expect(tabRefusal(tab, viewer({ isSignedIn: false, isParticipant: false }))).toBe('loginRequired');
    expect(tabRefusal(tab, viewer())).toBe('ticketRestricted');
    expect(tabRefusal(tab, viewer({ heldTicketIds: new Set(['t1']) }))).toBeNull();
    expect(tabRefusal(tab, viewer({ isOrganiser: true }))).toBeNull();
    expect(tabRefusal({ ...tab, showInMenu: false }, viewer({ isOrganiser: true }))).toBe('notAvailable');
    expect(tabRefusal({ ...tab, ticketIds: [], loginRequired: true }, viewer({ isParticipant: false }))).toBe('notParticipant');
    expect(tabRefusal({ ...tab, ticketIds: [] }, viewer({ isSignedIn: false, isParticipant: false }))).toBeNull();
  });
});

describe('web portal menu (SPEC §2.5)', () => {
  const keys = async (ev: string) => ((await t.app.inject(pub(ev, '/portal-menu'))).json().data.entries as { key: string }[]).map((e) => e.key);
  const venueStyle = ['lobby', 'exhibition-hall', 'info', 'auditorium', 'virtual-room', 'e-poster', 'delegation-member', 'abstract'];
  const setEvent = (ev: string, patch: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: org(ev, ''), headers: H, payload: patch });

  it('hides venue-style entries before the event and outside modes 1 and 3', async () => {
    // The fixture event starts in 2027: before the event.
    const pre = await t.app.inject(pub(eventB, '/portal-menu'));
    expect(pre.json().data.isPreEvent).toBe(true);
    expect(await keys(eventB)).toEqual(PORTAL_MENU.filter((e) => !venueStyle.includes(e.key)).map((e) => e.key));
    const today = new Date().toISOString().slice(0, 10);
    expect((await setEvent(eventB, { startDate: '2026-01-01', endDate: '2030-01-01', eventMode: 1 })).statusCode).toBe(200);
    expect(await keys(eventB)).toEqual(PORTAL_MENU.map((e) => e.key));
    expect((await setEvent(eventB, { eventMode: 2 })).statusCode).toBe(200);
    expect(await keys(eventB)).toEqual(PORTAL_MENU.filter((e) => !venueStyle.includes(e.key)).map((e) => e.key));
    expect((await setEvent(eventB, { eventMode: 3, startDate: today })).statusCode).toBe(200);
    expect(await keys(eventB)).toContain('lobby');
  });

  it('applies the organiser’s entries (hidden, renamed, modes, early) and refuses modes outside 1..3', async () => {
    const entries = defaultEntries();
    entries.find((e) => e.key === 'networking')!.isShown = false;
    entries.find((e) => e.key === 'lobby')!.title = 'Foyer';
    entries.find((e) => e.key === 'lobby')!.displayOrder = 1;
    entries.find((e) => e.key === 'home')!.displayOrder = 10;
    entries.find((e) => e.key === 'auditorium')!.eventMode = [1];
    const res = await put(eventB, '/portal-menu', { entries });
    expect(res.statusCode).toBe(200);
    const menu = (await t.app.inject(pub(eventB, '/portal-menu'))).json().data;
    expect(menu.entries[0]).toEqual({ key: 'lobby', title: 'Foyer', isBuilt: true }); // the virtual venue's Lobby is built (capabilities.ts)
    expect(menu.entries.map((e: { key: string }) => e.key)).not.toContain('networking');
    expect(menu.entries.map((e: { key: string }) => e.key)).not.toContain('auditorium');
    expect(menu.entries.find((e: { key: string }) => e.key === 'home')).toEqual({ key: 'home', title: 'Home', isBuilt: true });
    const bad = defaultEntries();
    bad[2]!.eventMode = [1, 4];
    const refused = await put(eventB, '/portal-menu', { entries: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ field: 'entries.2.eventMode', key: 'eventModeRange' });
    const dup = defaultEntries();
    dup[3]!.key = 'home';
    expect((await put(eventB, '/portal-menu', { entries: dup })).json().errors).toContainEqual({ field: 'entries.3.key', key: 'duplicateTab' });
    expect((await t.app.inject({ url: org(eventB, '/portal-menu'), headers: H })).json().data.entries[0].title).toBe('Foyer');
    // Event A still has the spec's menu.
    expect((await t.app.inject({ url: org(eventId, '/portal-menu'), headers: H })).json().data.isDefault).toBe(true);
  });
});
