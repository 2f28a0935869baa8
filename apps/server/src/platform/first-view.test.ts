import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDateRange as formatDateRange } from '@pavilion/domain/common/calendar-date';
import { AGENDA_FIRST_CARDS, FIRST_VIEW_BOOT_HASH, FIRST_VIEW_BOOT_SCRIPT, SCANNER_PAIRED_COOKIE, firstViewHtml, withFirstViewStyles, type FirstView } from './first-view.ts';
import { registerSecurity } from './security.ts';
import { FIRST_PAINT_READ_MAX_BYTES, registerSpa } from './spa.ts';

/*
 * The server's first view of the public phone pages (first-view.ts): what each page gets, that every value from data
 * is escaped, and that the e-badge's view carries nothing its own public read does not.
 */
const HOSTILE = `Expo "</h1><script>alert(1)</script><img src=x onerror=alert(2)> & 'co'`;
const CART_READ = 'GET /api/eventservices/public/events/:eventId/registration';
const BADGE_READ = 'GET /api/eventservices/public/ebadges/:eventUserId';
const CART: FirstView = {
  kind: 'cart',
  strings: { skip: 'Skip', kicker: 'Registration', stepsLabel: 'Steps', stepTickets: 'Tickets', stepDetails: 'Details', stepReview: 'Review', ticketsTitle: 'Choose your tickets', ticketsHint: 'Select', free: 'Free', plusTax: '+ {{rate}}% tax', quantityOf: 'Quantity of {{name}}', decrease: 'Remove one {{name}}', increase: 'Add one {{name}}' },
};
const EBADGE: FirstView = { kind: 'ebadge-mobile', strings: { skip: 'Skip', qrAlt: 'Entry QR code for {{name}}', registrationNo: 'Reg. No', brightnessHint: 'Brighter' } };
const SCANNER: FirstView = { kind: 'scanner', strings: { skip: 'Skip', appName: 'Pavilion Scanner', pairTitle: 'Set up this scanner', pairBody: 'Enter the code', codeLabel: 'One-time code', codeHint: 'Eight letters', pair: 'Connect' } };
const THEME = ':root{--mantine-color-brand-7:#3d46c6}';
const MENU_READ = 'GET /api/eventservices/public/events/:eventId/app-menu';
const TAB_READ = 'GET /api/eventservices/public/events/:eventId/app-tabs/:tabName';
const AGENDA_READ = 'GET /api/scheduleservices/api/events/:eventId/agenda';
const APP_TAB: FirstView = {
  kind: 'app-tab',
  strings: {
    skip: 'Skip',
    signIn: 'Sign in to the event',
    menuNav: 'App menu',
    more: 'More',
    timeZone: 'Times in {{zone}}',
    ebadge: 'Your e-badge',
    ebadgeSignIn: 'Sign in to see your e-badge.',
    agendaTimeZone: 'Agenda times in {{zone}}',
    printAgenda: 'Print',
    day: 'Day',
    agendaOf: 'Agenda of {{day}}',
    moderatedBy_one: 'Moderator: {{names}}',
    moderatedBy_other: 'Moderators: {{names}}',
  },
  markup: { 'tab:event-info': '<svg class="i-home"></svg>', 'tab:networking': '<svg class="i-users"></svg>', more: '<svg class="i-dots"></svg>', calendarEvent: '<svg class="i-cal"></svg>', ebadge: '<svg class="i-id"></svg>', mapPin: '<svg class="i-pin"></svg>', printer: '<svg class="i-print"></svg>' },
};
/** One published session as the anonymous Agenda read answers it (ZSchedule's sessions). */
const agendaSession = (id: string, start: string, over: Record<string, unknown> = {}) => ({
  id,
  title: `Talk ${id}`,
  descriptionHtml: '',
  sessionType: 'talk',
  trackId: 'tr1',
  roomId: 'rm1',
  start,
  end: `${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00`,
  startsAt: `${start}:00Z`,
  endsAt: `${start}:00Z`,
  speakerIds: ['sp1'],
  moderatorIds: [],
  sponsorIds: [],
  tags: [],
  ticketIds: [],
  capacity: null,
  bookingRequired: false,
  streamUrl: null,
  seatsLeft: null,
  myStatus: null,
  myWaitlistPosition: null,
  bookmarked: false,
  isTicketAllowed: null,
  ...over,
});
const agenda = (sessions: ReturnType<typeof agendaSession>[], over: Record<string, unknown> = {}) => ({
  eventName: 'Pavilion Demo Expo 2027',
  timeZone: 'Asia/Kolkata',
  rooms: [{ id: 'rm1', name: 'Plenary hall', capacity: null, checkinAreaId: null }],
  tracks: [{ id: 'tr1', name: 'Energy', colour: '#1c7ed6' }],
  speakers: [
    { id: 'sp1', name: 'Meera Iyer', title: '', company: '', bio: '', photoUrl: null, links: [] },
    { id: 'sp2', name: 'Arjun Rao', title: '', company: '', bio: '', photoUrl: null, links: [] },
  ],
  sponsors: [{ id: 'so1', name: 'Sunrise', logoUrl: null }],
  tickets: [{ id: 'tk1', name: 'VIP' }],
  sessions,
  ...over,
});
const portalEvent = (over: Record<string, unknown> = {}) => ({
  id: 'ev1',
  name: 'Pavilion Demo Expo 2027',
  startDate: '2027-02-16',
  endDate: '2027-02-18',
  timeZone: 'Asia/Kolkata',
  venue: 'Bharat Mandapam',
  eventMode: 3,
  description: '<p>About</p>',
  ...over,
});
const menuTab = (tabName: string, title: string) => ({ tabName, title, bannerUrl: null, loginRequired: false });
const appMenu = (tabs: ReturnType<typeof menuTab>[], over: Record<string, unknown> = {}) => ({ event: portalEvent(over), viewer: { isSignedIn: false, isParticipant: false }, tabs });
const appTab = (tabName: string, over: Record<string, unknown> = {}) => ({ tabName, title: 'Home', bannerUrl: null, isBuilt: true, content: { event: portalEvent() }, ...over });

const ticket = (over: Record<string, unknown> = {}) => ({
  id: 'tk1',
  name: 'Visitor pass',
  description: '',
  isFree: true,
  currency: 'EUR',
  price: 0,
  taxRateBp: 0,
  minPerOrder: 1,
  maxPerOrder: 10,
  salesStart: null,
  salesEnd: null,
  isOnSale: true,
  isSoldOut: false,
  available: null,
  formId: null,
  ...over,
});
const info = (over: Record<string, unknown> = {}) => ({
  eventId: 'ev1',
  eventName: 'Pavilion Demo Expo 2027',
  startDate: '2027-02-16',
  endDate: '2027-02-18',
  timeZone: 'Asia/Kolkata',
  venue: 'Bharat Mandapam',
  approvalMode: 'auto',
  cartMinutes: 15,
  paymentProviders: ['test'],
  tickets: [ticket()],
  forms: [],
  currencies: ['EUR'],
  ...over,
});
const badge = (over: Record<string, unknown> = {}) => ({
  eventUserId: 'eu-1',
  event: { id: 'ev1', name: 'Pavilion Demo Expo 2027', startDate: '2027-02-16', endDate: '2027-02-18', timeZone: 'Asia/Kolkata', venue: 'Hall' },
  attendee: { firstName: 'Priya', lastName: 'Nair' },
  registrationNo: 'PDE-000030',
  ticketName: 'Visitor pass',
  categoryName: null,
  approvalStatus: 1,
  orderStatus: 1,
  paymentStatus: 1,
  isAdmissible: true,
  notReadyReason: null,
  credential: { token: 'tok', version: 3 },
  shareOptions: [],
  wallet: { apple: false, google: false },
  ...over,
});

describe('firstViewHtml', () => {
  it('writes the cart page frame, the event name heading and plain ticket rows, with every value escaped', () => {
    const html = firstViewHtml(CART, THEME, {
      reads: new Map([[CART_READ, info({ eventName: HOSTILE, venue: HOSTILE, tickets: [ticket({ name: HOSTILE, description: HOSTILE, isFree: false, price: 499900, currency: 'INR', taxRateBp: 1800 })] })]]),
    })!;
    expect(html).toContain('data-first-view="cart"');
    expect(html).not.toMatch(/<script|<img|onerror=alert\(2\)>/);
    expect(html).toContain('<h1 class="m_8a5d1357 mantine-Title-root fv-event" data-order="1"');
    expect(html).toContain('Expo &quot;&lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &#39;co&#39;</h1>');
    // Attribute values (aria-labels with the ticket name) cannot be left either.
    expect(html).toContain('aria-label="Add one Expo &quot;&lt;/h1&gt;');
    expect(html).toContain('₹4,999.00');
    expect(html).toContain('+ 18% tax');
    expect(html).toContain('16 – 18 Feb 2027');
    expect(html).toContain(`<style>${THEME}</style>`);
  });

  it('leaves the ticket list to React when a row carries more than the view draws (a status badge, a minimum)', () => {
    for (const over of [{ isSoldOut: true }, { isOnSale: false }, { available: 3 }, { minPerOrder: 2 }]) {
      const html = firstViewHtml(CART, THEME, { reads: new Map([[CART_READ, info({ tickets: [ticket(over)] })]]) })!;
      expect(html, JSON.stringify(over)).toContain('Pavilion Demo Expo 2027');
      expect(html, JSON.stringify(over)).not.toContain('reg-ticket-row');
    }
  });

  it('writes no cart view without the page read (an unknown event is left to the page and its 404 state)', () => {
    expect(firstViewHtml(CART, THEME, { reads: new Map() })).toBeNull();
  });

  it("draws the e-badge card with its QR as the read's data URL, the holder's name escaped, and nothing for a badge without a credential", () => {
    const html = firstViewHtml(EBADGE, THEME, {
      reads: new Map([[BADGE_READ, badge({ attendee: { firstName: '<b>Priya', lastName: '"Nair"' }, categoryName: 'VIP & <i>' })]]),
      qrDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
    })!;
    expect(html).toContain('src="data:image/svg+xml;base64,PHN2Zy8+"');
    expect(html).toContain('data-first-view-qr="eu-1:3"');
    expect(html).toContain('alt="Entry QR code for &lt;b&gt;Priya &quot;Nair&quot;"');
    expect(html).toContain('&lt;b&gt;Priya &quot;Nair&quot;</h1>');
    expect(html).toContain('VIP &amp; &lt;i&gt;');
    expect(html).toContain('Reg. No PDE-000030');
    expect(html).not.toMatch(/<b>|<i>/);
    expect(firstViewHtml(EBADGE, THEME, { reads: new Map([[BADGE_READ, badge({ credential: null, isAdmissible: false, notReadyReason: 'pending' })]]), qrDataUrl: null })).toBeNull();
    expect(firstViewHtml(EBADGE, THEME, { reads: new Map([[BADGE_READ, badge()]]), qrDataUrl: null })).toBeNull();
  });

  it("shows the scanner's pairing form only to a browser without a paired device", () => {
    const fresh = firstViewHtml(SCANNER, THEME, { reads: new Map() })!;
    expect(fresh).toContain('Set up this scanner');
    // Not live until React replaces it: nothing in the view takes a tap or focus.
    expect(fresh).toMatch(/^<div data-first-view="scanner" inert>/);
    const paired = firstViewHtml(SCANNER, THEME, { reads: new Map(), cookieHeader: `theme=x; ${SCANNER_PAIRED_COOKIE}=1` })!;
    expect(paired).toContain('Pavilion Scanner');
    expect(paired).not.toContain('Set up this scanner');
    expect(paired).not.toContain('<form');
    // An empty cookie of that name (a deletion not yet dropped) is not a paired device.
    expect(firstViewHtml(SCANNER, THEME, { reads: new Map(), cookieHeader: `${SCANNER_PAIRED_COOKIE}=` })!).toContain('Set up this scanner');
  });

  it("draws the attendee app's Home for a visitor: header, title, the event's card, the way to sign in and the bottom bar", () => {
    const six = ['event-info', 'networking', 'session-list', 'exhibitors', 'speaker-listing', 'about-the-event'].map((n, i) => menuTab(n, i === 0 ? 'Home' : `${HOSTILE} ${i}`));
    const html = firstViewHtml(APP_TAB, THEME, { reads: new Map<string, unknown>([[MENU_READ, appMenu(six, { name: HOSTILE })], [TAB_READ, appTab('event-info', { bannerUrl: '/api/b/1"x' })]]) })!;
    expect(html).toContain('<div data-first-view="app-tab" inert>');
    expect(html).toContain('<h1 class="m_8a5d1357 mantine-Title-root" data-order="1"');
    expect(html).toContain('>Home</h1>');
    expect(html).toContain('16 – 18 Feb 2027');
    expect(html).toContain('Times in Asia/Kolkata');
    expect(html).toContain('>Hybrid<');
    expect(html).toContain('href="/ei/ev1"');
    expect(html).toContain('src="/api/b/1&quot;x"');
    // Every value from data escaped: the event's name and the tabs' titles.
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('Expo &quot;&lt;/h1&gt;&lt;script&gt;');
    // Six tabs: four in the bar (the first one current, with its icon) and More.
    const nav = /<nav aria-label="App menu"[\s\S]*<\/nav>/.exec(html)![0];
    expect(nav.match(/<a /g)?.length).toBe(4);
    expect(nav).toContain('aria-current="page" href="/tabs/event-info?eventId=ev1"');
    expect(nav).toContain('<svg class="i-home"></svg>');
    expect(nav).toContain('<svg class="i-dots"></svg>');
    expect(nav).toContain('>More</span></button>');
    // Five tabs fit the bar: no More.
    const five = firstViewHtml(APP_TAB, THEME, { reads: new Map<string, unknown>([[MENU_READ, appMenu(six.slice(0, 5))], [TAB_READ, appTab('event-info')]]) })!;
    expect(five.match(/<a class="mantine-focus-auto m_87cf2631/g)?.length).toBe(5);
    expect(five).not.toContain('>More<');
  });

  it("leaves every other tab, an unbuilt one and a refused one to React", () => {
    const menu = appMenu([menuTab('event-info', 'Home'), menuTab('about-the-event', 'About')]);
    expect(firstViewHtml(APP_TAB, THEME, { reads: new Map<string, unknown>([[MENU_READ, menu], [TAB_READ, appTab('about-the-event')]]) })).toBeNull();
    expect(firstViewHtml(APP_TAB, THEME, { reads: new Map<string, unknown>([[MENU_READ, menu], [TAB_READ, appTab('event-info', { isBuilt: false, content: null })]]) })).toBeNull();
    // A tab read refused (login required, restricted) is not among the reads.
    expect(firstViewHtml(APP_TAB, THEME, { reads: new Map<string, unknown>([[MENU_READ, menu]]) })).toBeNull();
  });

  it("draws the Agenda for a visitor: the app's frame, time zone, day switcher, the first day's first slots, values escaped", () => {
    const menu = appMenu([menuTab('event-info', 'Home'), menuTab('event-agenda', 'Agenda')]);
    const sessions = [
      agendaSession('b', '2027-02-16T09:00', { title: HOSTILE, speakerIds: ['sp1', 'sp2'] }),
      agendaSession('a', '2027-02-16T09:00', { roomId: null, trackId: null, speakerIds: [] }),
      agendaSession('p', '2027-02-16T11:30', { moderatorIds: ['sp2'], tags: ['Finance', '<b>x</b>'] }),
      agendaSession('d2', '2027-02-17T10:00', { title: 'Second day talk' }),
    ];
    const reads = (data: unknown, tab = appTab('event-agenda', { title: 'Agenda' })) =>
      new Map<string, unknown>([[MENU_READ, menu], [TAB_READ, tab], [AGENDA_READ, data]]);
    const html = firstViewHtml(APP_TAB, THEME, { reads: reads(agenda(sessions)) })!;
    expect(html).toContain('<div data-first-view="app-tab" inert>');
    expect(html).toContain('>Agenda</h1>');
    expect(html).toContain('data-first-view-part="agenda"');
    expect(html).toContain('aria-current="page" href="/tabs/event-agenda?eventId=ev1"');
    expect(html).toContain('>Agenda times in Asia/Kolkata</p>');
    expect(html).toContain('<svg class="i-print"></svg></span><span class="m_811560b9 mantine-Button-label">Print</span>');
    // The day switcher (the first day chosen) and that day's title and list, as agenda-tab.tsx labels them.
    expect(html).toContain('aria-label="Day" role="radiogroup"');
    expect(html).toMatch(/data-active="true"><input[^>]*checked value="2027-02-16">/);
    expect(html).toContain('>Wed 17 Feb</span>');
    expect(html).toContain('>Tue 16 Feb</h2>');
    expect(html).toContain('aria-label="Agenda of Tue 16 Feb"');
    // Parallel sessions in one slot, by title; room, track colour and badge, speakers, moderators and tags.
    const slots = html.match(/<li>/g)?.length;
    expect(slots).toBe(2);
    expect(html.indexOf('Expo &quot;&lt;/h1&gt;')).toBeLessThan(html.indexOf('>Talk a</p>'));
    expect(html).toContain('>09:00–10:00 · Plenary hall</p>');
    expect(html).toContain('>09:00–10:00</p>');
    expect(html).toContain('>Meera Iyer, Arjun Rao</p>');
    expect(html).toContain('>Moderator: Arjun Rao</p>');
    expect(html).toContain('border-left: 4px solid #1c7ed6;');
    expect(html).toContain('>#Finance</span>');
    expect(html).toContain('>#&lt;b&gt;x&lt;/b&gt;</span>');
    expect(html).toContain('>Energy</span>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('Second day talk');
    // One day: no switcher.
    expect(firstViewHtml(APP_TAB, THEME, { reads: reads(agenda(sessions.slice(0, 3))) })).not.toContain('radiogroup');
    // Only the first cards (whole slots): React draws the rest of the day.
    const many = Array.from({ length: 30 }, (_, i) => agendaSession(`m${i}`, `2027-02-16T${String(8 + Math.floor(i / 3)).padStart(2, '0')}:00`));
    const long = firstViewHtml(APP_TAB, THEME, { reads: reads(agenda(many)) })!;
    expect(long.match(/mantine-Paper-root/g)?.length).toBe(AGENDA_FIRST_CARDS + (3 - (AGENDA_FIRST_CARDS % 3)) % 3);
    // It stops before a slot with a session it does not draw as React does (a ticket restriction, sponsors).
    for (const extra of [{ ticketIds: ['tk1'] }, { sponsorIds: ['so1'] }, { trackId: 'tr2' }]) {
      const stopped = firstViewHtml(APP_TAB, THEME, {
        reads: reads(agenda([agendaSession('a', '2027-02-16T09:00'), agendaSession('x', '2027-02-16T10:00', extra), agendaSession('c', '2027-02-16T11:00')], { tracks: [{ id: 'tr1', name: 'Energy', colour: '#1c7ed6' }, { id: 'tr2', name: 'Odd', colour: 'red;x:y' }] })),
      })!;
      expect(stopped, JSON.stringify(extra)).toContain('>Talk a</p>');
      expect(stopped, JSON.stringify(extra)).not.toContain('>Talk x</p>');
      expect(stopped, JSON.stringify(extra)).not.toContain('>Talk c</p>');
    }
    // No sessions (React's empty state), no agenda read (refused, failed) or the tab not built: left to React.
    expect(firstViewHtml(APP_TAB, THEME, { reads: reads(agenda([])) })).toBeNull();
    expect(firstViewHtml(APP_TAB, THEME, { reads: new Map<string, unknown>([[MENU_READ, menu], [TAB_READ, appTab('event-agenda')]]) })).toBeNull();
    expect(firstViewHtml(APP_TAB, THEME, { reads: reads(agenda(sessions), appTab('event-agenda', { isBuilt: false, content: null })) })).toBeNull();
  });

  it('keeps a stylesheet from ending its <style> element', () => {
    const html = firstViewHtml(SCANNER, '</style><script>alert(1)</script>', { reads: new Map() })!;
    expect(html).not.toContain('</style><script>');
    expect(html.match(/<\/style/gi)?.length).toBe(html.match(/<style/gi)?.length);
    const page = withFirstViewStyles('<html><head><link rel="stylesheet" href="/assets/a.css"></head><body></body></html>', { ...SCANNER, css: 'a{color:red}</STYLE><script>x</script>' });
    expect(page).not.toContain('</STYLE><script>');
    expect(page.match(/<\/style/gi)?.length).toBe(1);
  });

  it("uses only Mantine classes whose rules the build inlines with the view (web scripts/first-paint-views.ts)", () => {
    const listed = readFileSync(new URL('../../../web/scripts/first-paint-views.ts', import.meta.url), 'utf8');
    const inlined = new Set(/FIRST_VIEW_CLASSES = \[([^\]]*)\]/.exec(listed)![1]!.match(/m_[0-9a-f]+/g));
    const views = [
      firstViewHtml(CART, THEME, { reads: new Map([[CART_READ, info({ tickets: [ticket(), ticket({ id: 'tk2', isFree: false, price: 100, taxRateBp: 500, description: 'd' })] })]]) }),
      firstViewHtml(EBADGE, THEME, { reads: new Map([[BADGE_READ, badge({ categoryName: 'VIP' })]]), qrDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+' }),
      firstViewHtml(SCANNER, THEME, { reads: new Map() }),
      firstViewHtml(APP_TAB, THEME, { reads: new Map<string, unknown>([[MENU_READ, appMenu([1, 2, 3, 4, 5, 6].map((i) => menuTab('networking', `T${i}`)))], [TAB_READ, appTab('event-info', { bannerUrl: '/b' })]]) }),
      firstViewHtml(APP_TAB, THEME, {
        reads: new Map<string, unknown>([
          [MENU_READ, appMenu([menuTab('event-agenda', 'Agenda')])],
          [TAB_READ, appTab('event-agenda')],
          [AGENDA_READ, agenda([agendaSession('a', '2027-02-16T09:00', { moderatorIds: ['sp2'], tags: ['t'] }), agendaSession('b', '2027-02-17T09:00')])],
        ]),
      }),
    ].join('');
    const used = new Set(views.match(/\bm_[0-9a-f]+\b/g));
    expect([...used].filter((c) => !inlined.has(c))).toEqual([]);
  });

  it('formats date ranges as the browser does (plain spaces around the dash)', () => {
    expect(formatDateRange('2027-02-16', '2027-02-18')).toBe('16 – 18 Feb 2027');
    expect(formatDateRange('2027-02-16', '2027-02-16')).toBe('16 Feb 2027');
  });
});

/* The same views through the real static path: the page's own reads feed its view; other pages get none. */
describe('the first view in index.html', () => {
  let dist = '';
  let app: FastifyInstance;
  let qrCalls = 0;
  const appReads: string[] = [];
  /** Sessions in the test agenda: 1, or enough to pass FIRST_PAINT_READ_MAX_BYTES. */
  let agendaSize = 1;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pavilion-first-view-'));
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>Pavilion</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>');
    writeFileSync(
      join(dist, '.vite', 'first-paint.json'),
      JSON.stringify({
        themeCss: THEME,
        pages: [
          { path: '/cart-registration/:eventId', modules: [], styles: [], data: [CART_READ], view: CART },
          { path: '/eb/m/:eventUserId', modules: [], styles: [], data: [BADGE_READ], view: EBADGE },
          { path: '/eb/:eventUserId', modules: [], styles: [], data: [BADGE_READ] },
          { path: '/tabs/:tabName', modules: [], styles: [], data: [MENU_READ, TAB_READ, { route: AGENDA_READ, when: { tabName: 'event-agenda' } }], view: APP_TAB, query: ['eventId'], signedOutOnly: true },
          { path: '/scanner', modules: ['/assets/scanner-page-2.js', '/assets/a-3.js', '/assets/b-4.js', '/assets/c-5.js'], styles: ['/assets/scanner-5.css'], view: { ...SCANNER, css: '.m_4081bf90{display:flex}' } },
        ],
      }),
    );
    app = Fastify();
    await app.register(async (surface) => {
      await registerSecurity(surface);
      surface.get<{ Params: { eventId: string } }>('/api/eventservices/public/events/:eventId/registration', async (request, reply) => {
        if (request.params.eventId !== 'ev1') return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'No such event' });
        reply.header('cache-control', 'no-cache');
        return { status: 'OK', data: info({ eventName: HOSTILE }) };
      });
      surface.get<{ Params: { eventUserId: string } }>('/api/eventservices/public/ebadges/:eventUserId', async (request, reply) => {
        if (request.params.eventUserId === 'missing') return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'No such badge' });
        reply.header('cache-control', 'private, no-store');
        return { status: 'OK', data: badge({ eventUserId: request.params.eventUserId, credential: request.params.eventUserId === 'pending' ? null : { token: 'tok', version: 3 } }) };
      });
      surface.get<{ Params: { eventUserId: string } }>('/api/eventservices/public/ebadges/:eventUserId/qr.svg', async (request, reply) => {
        qrCalls += 1;
        return reply.type('image/svg+xml').header('cache-control', 'private, no-store').send(`<svg xmlns="http://www.w3.org/2000/svg"><title>${request.params.eventUserId}</title></svg>`);
      });
      surface.get<{ Params: { eventId: string } }>('/api/eventservices/public/events/:eventId/app-menu', async (request, reply) => {
        appReads.push(`menu:${request.params.eventId}:${request.headers.authorization ?? ''}`);
        if (request.params.eventId !== 'ev1') return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'No such event' });
        return { status: 'OK', data: appMenu([menuTab('event-info', 'Home'), menuTab('networking', 'Networking')]) };
      });
      surface.get<{ Params: { eventId: string } }>('/api/scheduleservices/api/events/:eventId/agenda', async (request) => {
        appReads.push(`agenda:${request.params.eventId}:${request.url.includes('?') ? 'query' : ''}`);
        const talks = Array.from({ length: agendaSize }, (_, i) => agendaSession(i === 0 ? 'a' : `t${i}`, '2027-02-16T09:00'));
        return { status: 'OK', data: agenda(talks) };
      });
      surface.get<{ Params: { eventId: string; tabName: string } }>('/api/eventservices/public/events/:eventId/app-tabs/:tabName', async (request, reply) => {
        appReads.push(`tab:${request.params.eventId}:${request.params.tabName}`);
        if (request.params.tabName === 'networking') return reply.status(401).send({ status: 'ERROR', code: 'LOGIN_REQUIRED', message: 'Sign in' });
        return { status: 'OK', data: appTab(request.params.tabName) };
      });
      await registerSpa(surface, dist);
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it("paints the cart page's event name from its read, escaped, and leaves an unknown event's page empty for React", async () => {
    const res = await app.inject({ url: '/cart-registration/ev1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><div data-first-view="cart" inert>');
    expect(res.body).toContain('Expo &quot;&lt;/h1&gt;&lt;script&gt;');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.headers['cache-control']).toBe('no-cache');
    const gone = await app.inject({ url: '/cart-registration/nope' });
    expect(gone.body).toContain('<div id="root"></div>');
  });

  it('draws the e-badge QR inline only where its own route gives it, and keeps that page out of every cache', async () => {
    qrCalls = 0;
    const res = await app.inject({ url: '/eb/m/eu-42' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const dataUrl = /src="(data:image\/svg\+xml;base64,[^"]+)"/.exec(res.body)?.[1];
    expect(Buffer.from(dataUrl!.split(',')[1]!, 'base64').toString()).toContain('<title>eu-42</title>');
    expect(qrCalls).toBe(1);
    // Not ready (no credential), unknown id, or the desktop e-badge page: no view, no QR read.
    for (const url of ['/eb/m/pending', '/eb/m/missing', '/eb/eu-42']) {
      const other = await app.inject({ url });
      expect(other.body, url).toContain('<div id="root"></div>');
      expect(other.body, url).not.toContain('data:image/svg+xml');
    }
    expect(qrCalls).toBe(1);
  });

  it('gives the scanner its pairing form or, for a paired browser, its frame alone; other pages get no view', async () => {
    const fresh = await app.inject({ url: '/scanner' });
    expect(fresh.body).toContain('Set up this scanner');
    // The view's CSS is inlined; the stylesheets (the app's and the page's), the entry and the page's chunks are
    // fetched only after the view has painted, by the one inline script the CSP allows.
    expect(fresh.body).toContain('<style data-first-view-css>.m_4081bf90{display:flex}</style>');
    expect(fresh.body).not.toMatch(/<link rel="(stylesheet|modulepreload)"|<script type="module"/);
    const boot = JSON.parse(/<script type="application\/json" id="pavilion-boot">([^<]*)<\/script>/.exec(fresh.body)![1]!);
    expect(boot).toEqual({
      entry: '/assets/index-1.js',
      styles: ['/assets/index-1.css', '/assets/scanner-5.css'],
      modules: ['/assets/scanner-page-2.js', '/assets/a-3.js', '/assets/b-4.js', '/assets/c-5.js'],
    });
    expect(fresh.body).toContain(`<script>${FIRST_VIEW_BOOT_SCRIPT}</script>`);
    expect(fresh.headers['content-security-policy']).toContain(`script-src 'self' ${FIRST_VIEW_BOOT_HASH}`);
    expect(FIRST_VIEW_BOOT_HASH).toBe(`'sha256-${createHash('sha256').update(FIRST_VIEW_BOOT_SCRIPT).digest('base64')}'`);
    // A page without a view keeps its blocking stylesheet and its entry script, and no inline script.
    const plain = (await app.inject({ url: '/eb/m/missing' })).body;
    expect(plain).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(plain).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(plain).not.toContain('pavilion-boot');
    expect(fresh.headers['cache-control']).toBe('private, no-cache');
    const paired = await app.inject({ url: '/scanner', headers: { cookie: `${SCANNER_PAIRED_COOKIE}=1` } });
    expect(paired.body).toContain('data-first-view="scanner"');
    expect(paired.body).not.toContain('Set up this scanner');
    expect(paired.headers.etag).not.toBe(fresh.headers.etag);
    const login = await app.inject({ url: '/login' });
    expect(login.body).toContain('<div id="root"></div>');
  });

  it('reads the menu and the tab for the event its query names, and draws the Home tab from them, for a signed-out browser', async () => {
    appReads.length = 0;
    const res = await app.inject({ url: '/tabs/event-info?eventId=ev1' });
    expect(appReads).toEqual(['menu:ev1:', 'tab:ev1:event-info']);
    expect(res.body).toContain('<div id="root"><div data-first-view="app-tab" inert>');
    const data = JSON.parse(/<script type="application\/json" id="pavilion-first-data">([^<]*)<\/script>/.exec(res.body)![1]!) as { route: string; params: Record<string, string> }[];
    expect(data.map((r) => [r.route, r.params])).toEqual([
      [MENU_READ, { eventId: 'ev1' }],
      [TAB_READ, { eventId: 'ev1', tabName: 'event-info' }],
    ]);
    // Drawn for this browser (a signed-in one gets another page): no shared cache keeps it.
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.headers.vary).toContain('cookie');
  });

  it('reads the agenda on the Agenda tab only, and draws that tab from it', async () => {
    appReads.length = 0;
    const res = await app.inject({ url: '/tabs/event-agenda?eventId=ev1' });
    expect(appReads).toEqual(['menu:ev1:', 'tab:ev1:event-agenda', 'agenda:ev1:']);
    expect(res.body).toContain('<div id="root"><div data-first-view="app-tab" inert>');
    expect(res.body).toContain('data-first-view-part="agenda"');
    expect(res.body).toContain('>Talk a</p>');
    const data = JSON.parse(/<script type="application\/json" id="pavilion-first-data">([^<]*)<\/script>/.exec(res.body)![1]!) as { route: string; params: Record<string, string> }[];
    expect(data.map((r) => [r.route, r.params])).toEqual([
      [MENU_READ, { eventId: 'ev1' }],
      [TAB_READ, { eventId: 'ev1', tabName: 'event-agenda' }],
      [AGENDA_READ, { eventId: 'ev1' }],
    ]);
    expect(res.headers['cache-control']).toMatch(/^private/);
    appReads.length = 0;
    await app.inject({ url: '/tabs/event-info?eventId=ev1' });
    await app.inject({ url: '/tabs/event-agenda?eventId=ev1', headers: { cookie: 'pavilion_signed_in=1' } });
    expect(appReads).toEqual(['menu:ev1:', 'tab:ev1:event-info']);
  });

  it('leaves a large agenda to the page: not in the HTML, and no view drawn from it', async () => {
    agendaSize = 2000;
    try {
      const res = await app.inject({ url: '/tabs/event-agenda?eventId=ev1' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('data-first-view-part="agenda"');
      expect(res.body).not.toContain(AGENDA_READ);
      expect(res.body.length).toBeLessThan(FIRST_PAINT_READ_MAX_BYTES);
    } finally {
      agendaSize = 1;
    }
  });

  it('draws nothing for a signed-in browser, another tab, a refused tab, a hostile or missing event id', async () => {
    appReads.length = 0;
    const signedIn = await app.inject({ url: '/tabs/event-info?eventId=ev1', headers: { cookie: 'a=b; pavilion_signed_in=1' } });
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.body).not.toContain('pavilion-first-data');
    expect(appReads).toEqual([]);
    // Another tab gets its reads (what it can use) and no view; a refused tab's read is left to the page.
    const other = await app.inject({ url: '/tabs/about-the-event?eventId=ev1' });
    expect(other.body).toContain('<div id="root"></div>');
    expect(other.body).toContain('pavilion-first-data');
    const refused = await app.inject({ url: '/tabs/networking?eventId=ev1' });
    expect(refused.body).toContain('<div id="root"></div>');
    appReads.length = 0;
    for (const url of ['/tabs/event-info?eventId=%3Cscript%3E', '/tabs/event-info', '/tabs/event-info?eventId=nope']) {
      const res = await app.inject({ url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('<script>x');
    }
    // Only a plain id is ever read: the hostile one never reached the API.
    expect(appReads).toEqual(['menu:nope:', 'tab:nope:event-info']);
  });
});

/* The boot script itself, run against a stand-in document: nothing before the frame, then stylesheets, entry, chunks. */
describe('the first view boot script', () => {
  function run(boot: { entry: string; styles: string[]; modules: string[] }) {
    const added: string[] = [];
    const frames: Array<() => void> = [];
    const timers: Array<{ fn: (...args: unknown[]) => void; args: unknown[]; ms: number }> = [];
    const element = (tag: string) => {
      const attributes: Record<string, string> = {};
      return { tag, attributes, setAttribute: (k: string, v: string) => (attributes[k] = v) } as Record<string, unknown> & { tag: string; attributes: Record<string, string> };
    };
    const document = {
      getElementById: (id: string) => (id === 'pavilion-boot' ? { textContent: JSON.stringify(boot) } : null),
      createElement: element,
      head: {
        appendChild: (el: Record<string, unknown> & { tag: string; attributes: Record<string, string> }) => {
          const what = el.tag === 'script' ? `script ${String(el.type)} ${String(el.src)}` : `${String(el.rel)} ${String(el.href)}${el.media ? ` media=${String(el.media)}` : ''}${'data-first-view-css' in el.attributes ? ' first-view-css' : ''}`;
          added.push(what);
        },
      },
    };
    // A message posted to itself is a task of its own: queued here like a zero-delay timer.
    class MessageChannel {
      port1: { onmessage: (() => void) | null } = { onmessage: null };
      port2 = { postMessage: () => timers.push({ fn: () => this.port1.onmessage?.(), args: [], ms: 0 }) };
    }
    runInNewContext(FIRST_VIEW_BOOT_SCRIPT, {
      document,
      requestAnimationFrame: (fn: () => void) => frames.push(fn),
      setTimeout: (fn: (...args: unknown[]) => void, ms: number, ...args: unknown[]) => timers.push({ fn, args, ms }),
      MessageChannel,
      JSON,
    });
    /** Runs the queued zero-delay timers once (one task each); returns how many links each added. */
    const runTasks = () => {
      const due = timers.filter((t) => t.ms === 0);
      timers.splice(0, timers.length, ...timers.filter((t) => t.ms !== 0));
      return due.map((t) => {
        const before = added.length;
        t.fn(...t.args);
        return added.length - before;
      });
    };
    return { added, frames, timers, runTasks };
  }

  it('fetches nothing until a frame has painted, then one request a task: the stylesheets, the entry, the chunks', () => {
    const modules = ['/assets/p-1.js', '/assets/a-2.js', '/assets/b-3.js', '/assets/c-4.js', '/assets/d-5.js'];
    const page = run({ entry: '/assets/index-9.js', styles: ['/assets/index-9.css'], modules });
    expect(page.added).toEqual([]);
    expect(page.frames).toHaveLength(1);
    page.frames[0]!();
    expect(page.added).toEqual([]);
    // The task after the frame starts the queue; then one request a task.
    expect(page.runTasks()).toEqual([0]);
    for (let n = 0; n < 2 + modules.length; n++) expect(page.runTasks()).toEqual([1]);
    expect(page.runTasks()).toEqual([]);
    expect(page.added.slice(0, 2)).toEqual(['stylesheet /assets/index-9.css media=print first-view-css', 'script module /assets/index-9.js']);
    expect(page.added.slice(2)).toEqual(modules.map((m) => `modulepreload ${m}`));
    // The one-second fallback (a background tab gets no frame) does not add them twice.
    page.timers.find((t) => t.ms === 1000)!.fn();
    expect(page.added).toHaveLength(2 + modules.length);
  });

  it('boots after a second when no frame comes (a page opened in a background tab)', () => {
    const page = run({ entry: '/assets/index-9.js', styles: [], modules: [] });
    page.timers.find((t) => t.ms === 1000)!.fn();
    page.runTasks();
    expect(page.added).toEqual(['script module /assets/index-9.js']);
    expect(page.runTasks()).toEqual([]);
  });
});
