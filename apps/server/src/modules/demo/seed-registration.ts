import {
  ZApprovalRequest,
  ZCouponCreateRequest,
  ZOrderCreateRequest,
  ZRegistrationSettingsUpdateRequest,
  ZTicketCreateRequest,
  ZVisitorCategoryRequest,
} from '@pavilion/domain';
import type { AppContext } from '../../app.ts';
import { DEMO_ACCOUNTS } from './demo.accounts.ts';
import { ago, type DemoPerson, type DemoPersonState, type DemoSeeder, type DemoStory } from './demo.story.ts';

/** One order of the story: who, which ticket, when (days and hours before now), and what happened next. */
type Plan = {
  who: [string, string];
  /** Further attendees on the same order (a group booking). */
  with?: [string, string][];
  ticket: 'free' | 'paid';
  days: number;
  hours: number;
  coupon?: boolean;
  /** free: confirmed at once; paid: pays on the gateway; pending: leaves the gateway; failed: the card is declined. */
  outcome: 'free' | 'manual' | 'paid' | 'pending' | 'failed';
  email?: string;
};

export const DEMO_COUPON = 'DELHI10';

// About thirty people: trade visitors on the free ticket, delegates on the paid one, a few waiting for approval (the
// organiser switched to manual approval for a week), a few who have not paid yet and two declined cards.
const PLANS: Plan[] = [
  { who: ['Rohan', 'Mehta'], with: [['Kavya', 'Mehta']], ticket: 'free', days: 13, hours: 6, outcome: 'free' },
  { who: ['Sanjay', 'Gupta'], ticket: 'paid', days: 12, hours: 9, coupon: true, outcome: 'paid' },
  { who: ['Sneha', 'Iyer'], ticket: 'free', days: 12, hours: 3, outcome: 'free' },
  { who: ['Harpreet', 'Kaur'], ticket: 'paid', days: 11, hours: 7, outcome: 'paid' },
  { who: ['Vikram', 'Singh'], ticket: 'free', days: 11, hours: 2, outcome: 'free' },
  { who: ['Ananya', 'Reddy'], with: [['Farhan', 'Qureshi']], ticket: 'free', days: 10, hours: 5, outcome: 'free' },
  { who: ['Nikhil', 'Menon'], ticket: 'paid', days: 9, hours: 8, coupon: true, outcome: 'paid' },
  { who: ['Meera', 'Pillai'], ticket: 'free', days: 9, hours: 1, outcome: 'free' },
  { who: ['Daniel', 'Fischer'], ticket: 'free', days: 8, hours: 4, outcome: 'free' },
  { who: ['Aisha', 'Patel'], ticket: 'paid', days: 7, hours: 10, outcome: 'paid' },
  { who: ['Aditi', 'Joshi'], ticket: 'free', days: 7, hours: 6, outcome: 'free' },
  { who: ['Karan', 'Malhotra'], ticket: 'free', days: 7, hours: 2, outcome: 'free' },
  { who: ['Pooja', 'Bansal'], ticket: 'free', days: 6, hours: 5, outcome: 'manual' },
  { who: ['Rahul', 'Verma'], ticket: 'free', days: 5, hours: 9, outcome: 'manual' },
  { who: ['Arvind', 'Rao'], ticket: 'free', days: 5, hours: 3, outcome: 'manual' },
  { who: ['Zoya', 'Khan'], ticket: 'free', days: 4, hours: 7, outcome: 'manual' },
  { who: ['Arjun', 'Attendee'], ticket: 'paid', days: 4, hours: 4, outcome: 'paid', email: DEMO_ACCOUNTS.attendee.email },
  { who: ['Chen', 'Li'], ticket: 'paid', days: 4, hours: 1, outcome: 'paid' },
  { who: ['Lakshmi', 'Narayanan'], with: [['Suresh', 'Narayanan']], ticket: 'free', days: 3, hours: 8, outcome: 'free' },
  { who: ['Ritu', 'Agarwal'], ticket: 'paid', days: 3, hours: 5, coupon: true, outcome: 'paid' },
  { who: ['Neha', 'Kapoor'], ticket: 'free', days: 3, hours: 2, outcome: 'free' },
  { who: ['Manish', 'Tiwari'], ticket: 'paid', days: 2, hours: 7, outcome: 'failed' },
  { who: ['Emma', 'Clarke'], ticket: 'paid', days: 0, hours: 3, outcome: 'paid' },
  { who: ['Sofia', 'Rossi'], ticket: 'free', days: 0, hours: 6, outcome: 'free' },
  { who: ['Deepak', 'Yadav'], ticket: 'paid', days: 1, hours: 9, outcome: 'pending' },
  { who: ['Fatima', 'Sheikh'], ticket: 'paid', days: 1, hours: 6, outcome: 'failed' },
  { who: ['Imran', 'Sheikh'], ticket: 'free', days: 0, hours: 2, outcome: 'free' },
  { who: ['Shalini', 'Das'], ticket: 'paid', days: 0, hours: 8, coupon: true, outcome: 'pending' },
  { who: ['Oliver', 'Brown'], ticket: 'paid', days: 0, hours: 5, outcome: 'pending' },
];

const emailOf = (first: string, last: string) => `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com';

/** Tickets, a coupon, visitor categories and about thirty registrations in every state a real event has. */
export const registrationSeeder: DemoSeeder = {
  name: 'registration',
  async seed(ctx, story) {
    const { caller, organisationId: org, eventId } = story;
    const reg = ctx.registration.service;
    // Delegates pay by card within a week of booking (the gateway session stays open that long).
    await reg.updateSettings(caller, org, eventId, ZRegistrationSettingsUpdateRequest.parse({ paymentMinutes: 10_080, registrationPrefix: 'PDE-' }));
    const free = await reg.createTicket(
      caller,
      org,
      eventId,
      ZTicketCreateRequest.parse({
        name: 'Trade visitor entry',
        description: 'Entry to the exhibition halls on all three days.',
        isFree: true,
        currency: 'INR',
        maxPerOrder: 4,
        sortOrder: 1,
      }),
    );
    const paid = await reg.createTicket(
      caller,
      org,
      eventId,
      ZTicketCreateRequest.parse({
        name: 'Conference delegate',
        description: 'The three-day conference in the Seminar hall, lunch and the delegate kit.',
        currency: 'INR',
        price: 499_900,
        taxRateBp: 1800,
        maxPerOrder: 4,
        capacity: 60,
        sortOrder: 2,
      }),
    );
    story.tickets = { free: { id: free.id, name: free.name }, paid: { id: paid.id, name: paid.name } };
    await reg.createCoupon(caller, org, eventId, ZCouponCreateRequest.parse({ code: DEMO_COUPON, kind: 'percent', value: 10, maxUses: 50, ticketIds: [paid.id] }));
    story.couponCode = DEMO_COUPON;
    const delegate = await reg.createCategory(caller, org, eventId, ZVisitorCategoryRequest.parse({ name: 'Delegate', slug: 'delegate', description: 'Conference delegates.', ticketId: paid.id }));
    const tradeVisitor = await reg.createCategory(
      caller,
      org,
      eventId,
      ZVisitorCategoryRequest.parse({ name: 'Trade visitor', slug: 'trade-visitor', description: 'Visitors of the exhibition halls.', ticketId: free.id }),
    );
    story.categories = { delegate: delegate.id, tradeVisitor: tradeVisitor.id };

    // The week of manual approval: its registrations wait for the organiser, who decides two days later.
    const manual = PLANS.filter((p) => p.outcome === 'manual');
    const manualStart = Math.max(...manual.map((p) => p.days * 24 + p.hours));
    const manualEnd = Math.min(...manual.map((p) => p.days * 24 + p.hours));
    let isManual = false;
    const sorted = [...PLANS].sort((a, b) => b.days * 24 + b.hours - (a.days * 24 + a.hours));
    for (const plan of sorted) {
      const h = plan.days * 24 + plan.hours;
      if (!isManual && h <= manualStart && h >= manualEnd) {
        await reg.updateSettings(caller, org, eventId, { approvalMode: 'manual' });
        isManual = true;
      } else if (isManual && h < manualEnd) {
        await reg.updateSettings(caller, org, eventId, { approvalMode: 'auto' });
        isManual = false;
      }
      story.people.push(...(await ctx.clock.at(ago(story, plan.days, plan.hours), () => placeOrder(ctx, story, plan))));
    }
    if (isManual) await reg.updateSettings(caller, org, eventId, { approvalMode: 'auto' });

    const waiting = story.people.filter((p) => p.state === 'pending_approval');
    const decide = async (person: DemoPerson | undefined, status: 'approved' | 'disapproved', reason: string) => {
      if (!person) return;
      await ctx.clock.at(new Date(person.at.getTime() + 26 * 3_600_000), () =>
        reg.setApproval(caller, org, eventId, ZApprovalRequest.parse({ registrationIds: [person.registrationId], status, reason })),
      );
      person.state = status;
    };
    await decide(waiting[0], 'approved', 'Verified trade visitor');
    await decide(waiting[1], 'approved', 'Verified trade visitor');
    await decide(waiting[2], 'disapproved', 'Registered twice with another address');
  },
};

async function placeOrder(ctx: AppContext, story: DemoStory, plan: Plan): Promise<DemoPerson[]> {
  const ticketId = story.tickets![plan.ticket].id;
  const people = [plan.who, ...(plan.with ?? [])];
  const items = [{ ticketId, quantity: people.length }];
  const couponCode = plan.coupon ? story.couponCode! : undefined;
  const checkout = ctx.registration.checkout;
  const quote = await checkout.quote(story.eventId, { items, ...(couponCode ? { couponCode } : {}) });
  const buyerEmail = plan.email ?? emailOf(...plan.who);
  const body = ZOrderCreateRequest.parse({
    items,
    couponCode,
    expectedTotal: quote.total,
    currency: quote.currency,
    buyer: { firstName: plan.who[0], lastName: plan.who[1], email: buyerEmail },
    attendees: people.map(([firstName, lastName], i) => ({ ticketId, firstName, lastName, email: i === 0 ? buyerEmail : emailOf(firstName, lastName), answers: {} })),
    paymentProvider: quote.total > 0 ? 'test' : undefined,
    visitorCategoryId: plan.ticket === 'paid' ? story.categories!.delegate : story.categories!.tradeVisitor,
  });
  const created = await checkout.createOrder(story.eventId, body);
  // The buyer on the test gateway: pays, is declined, or closes the page (the order waits for payment).
  if (created.payment && (plan.outcome === 'paid' || plan.outcome === 'failed')) {
    await ctx.payments.gatewayComplete(created.payment.sessionId, plan.outcome === 'paid' ? 'pay' : 'fail');
  }
  const state: DemoPersonState =
    plan.outcome === 'free' ? 'free' : plan.outcome === 'manual' ? 'pending_approval' : plan.outcome === 'pending' ? 'pending_payment' : plan.outcome === 'failed' ? 'payment_failed' : 'paid';
  const at = ctx.clock.now();
  return created.order.attendees.map((a) => ({
    registrationId: a.id,
    orderId: created.order.id,
    firstName: a.firstName,
    lastName: a.lastName,
    email: people.length > 1 && a.firstName !== plan.who[0] ? emailOf(a.firstName, a.lastName) : buyerEmail,
    state,
    ticket: plan.ticket,
    at,
  }));
}
