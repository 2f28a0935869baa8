import { describe, expect, it } from 'vitest';
import type { TRegistrationForm } from '@pavilion/domain/registration/registration.schemas';
import { emptyPerson, hasDetailsErrors, personPayload, routeServerError, syncAttendees, validateDetails, validatePerson, type TAttendeeDraft } from './checkout.ts';

const draft = (ticketId: string, firstName: string): TAttendeeDraft => ({ ...emptyPerson(), ticketId, firstName, answers: {}, isBuyer: false });

describe('syncAttendees', () => {
  it('keeps drafts of the seats that remain, per ticket', () => {
    const prev = [draft('a', 'Ann'), draft('a', 'Bob'), draft('b', 'Cy')];
    const next = syncAttendees(prev, [{ ticketId: 'b', index: 0 }, { ticketId: 'a', index: 1 }], false);
    expect(next.map((d) => d.firstName)).toEqual(['Cy', 'Ann']);
  });
  it('adds empty drafts, the first one for the buyer when asked', () => {
    const next = syncAttendees([], [{ ticketId: 'a', index: 0 }, { ticketId: 'a', index: 1 }], true);
    expect(next.map((d) => d.isBuyer)).toEqual([true, false]);
  });
});

describe('validatePerson', () => {
  it('uses the spec keys', () => {
    expect(validatePerson({ ...emptyPerson(), firstName: ' ', email: 'x@' })).toEqual({ firstName: 'required', email: 'inVaildEmail' });
    expect(validatePerson({ ...emptyPerson(), firstName: 'Ann', email: 'ann@example.com' })).toEqual({});
  });
  it('checks the phone with the country rule when one is given', () => {
    const phone = (cc: string, no: string) => (cc === 'IN' && no.length !== 10 ? 'phoneLength' : null);
    const p = { ...emptyPerson(), firstName: 'Ann', email: 'ann@example.com', countryCode: 'IN', contactNo: '12345' };
    expect(validatePerson(p, { phone })).toEqual({ contactNo: 'phoneLength' });
    expect(validatePerson({ ...p, countryCode: '' }, { phone })).toEqual({ countryCode: 'required' });
    expect(validatePerson({ ...p, contactNo: '' }, { phone, isPhoneRequired: true })).toEqual({ contactNo: 'required' });
  });
});

describe('validateDetails', () => {
  const form: TRegistrationForm = {
    id: 'f',
    eventId: 'e',
    name: 'F',
    ticketIds: [],
    createdAt: '',
    updatedAt: '',
    fields: [{ key: 'company', label: 'Company', type: 'text', required: true, page: 1, options: [], maxLength: 100, showIf: null }],
  };
  it('skips identity checks for the buyer’s own ticket but still asks its questions', () => {
    const buyer = { ...emptyPerson(), firstName: 'Ann', email: 'ann@example.com' };
    const errors = validateDetails(buyer, [{ ...draft('a', ''), isBuyer: true }], () => form);
    expect(errors.attendees[0]).toEqual({ person: {}, answers: { company: 'required' } });
    expect(hasDetailsErrors(errors)).toBe(true);
  });
});

describe('routeServerError', () => {
  it('routes the order contract errors to their screen', () => {
    expect(routeServerError('attendees.1.answers.company', 'required')).toEqual({ kind: 'answer', index: 1, answerKey: 'company', key: 'required' });
    expect(routeServerError('buyer.email', 'inVaildEmail')).toEqual({ kind: 'buyer', field: 'email', key: 'inVaildEmail' });
    expect(routeServerError('attendees.0.email', 'inVaildEmail')).toEqual({ kind: 'attendee', index: 0, field: 'email', key: 'inVaildEmail' });
    expect(routeServerError('couponCode', 'couponUsedUp').kind).toBe('coupon');
    expect(routeServerError('items.0.quantity', 'soldOut').kind).toBe('tickets');
    expect(routeServerError('cartId', 'cartExpired').kind).toBe('cart');
    expect(routeServerError('expectedTotal', 'priceChanged').kind).toBe('price');
    expect(routeServerError('paymentProvider', 'required').kind).toBe('payment');
  });
});

describe('personPayload', () => {
  it('trims and drops an empty phone', () => {
    expect(personPayload({ ...emptyPerson(), firstName: ' Ann ', email: ' a@b.io ', countryCode: 'IN' })).toEqual({ firstName: 'Ann', lastName: '', email: 'a@b.io' });
  });
});
