import { describe, expect, it } from 'vitest';
import { ticketToValues, valuesToTicketRequest } from './ticket-form-modal.tsx';

describe('a new ticket’s form starts from its event', () => {
  it('offers the event country’s currency (via its time zone), EUR where the zone has none', () => {
    expect(ticketToValues(null, { timeZone: 'Asia/Kolkata' }).currency).toBe('INR');
    expect(ticketToValues(null, { timeZone: 'Europe/London' }).currency).toBe('GBP');
    expect(ticketToValues(null, { timeZone: 'UTC' }).currency).toBe('EUR');
    expect(ticketToValues(null, null).currency).toBe('EUR');
  });

  it('reads and writes the sale window in the event’s time zone', () => {
    const event = { timeZone: 'Asia/Kolkata' };
    const values = { ...ticketToValues(null, event), name: 'Delegate', isFree: true, salesStart: '2027-02-01T09:00', salesEnd: '2027-02-10T18:30' };
    const body = valuesToTicketRequest(values, event);
    expect(body).toMatchObject({ currency: 'INR', salesStart: '2027-02-01T03:30:00.000Z', salesEnd: '2027-02-10T13:00:00.000Z' });
    const back = ticketToValues({ ...body, id: 't', eventId: 'e', currency: 'INR' } as never, event);
    expect([back.salesStart, back.salesEnd]).toEqual(['2027-02-01T09:00', '2027-02-10T18:30']);
  });
});
