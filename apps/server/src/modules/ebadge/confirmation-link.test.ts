import { describe, expect, it } from 'vitest';
import { buildConfirmationMail } from '../registration/confirmation-mail.ts';

describe('confirmation mail', () => {
  it("links each attendee's e-badge (eb/{eventUserId})", async () => {
    const order = { id: 'ord1', eventId: 'ev1', registrationNo: 'REG-000007', buyerFirstName: 'Bea', total: 0, currency: 'EUR', lines: [{ ticketId: 't1', ticketName: 'Visitor' }] };
    const regs = [
      { id: 'regAAAAAAAAAAAAA', ticketId: 't1', firstName: 'Ada', lastName: 'L' },
      { id: 'regBBBBBBBBBBBBB', ticketId: 't1', firstName: 'Bo', lastName: 'K' },
    ];
    const mail = await buildConfirmationMail(order as never, regs as never, { name: 'Expo', startDate: '2027-03-01', venue: 'Hall' }, 'https://pv.example', async (id) => `credential-of-${id}`);
    for (const r of regs) {
      expect(mail.text).toContain(`https://pv.example/eb/${r.id}`);
      expect(mail.html).toContain(`<a href="https://pv.example/eb/${r.id}">Open your e-badge</a>`);
      expect(mail.html).toContain(`<img src="cid:ticket-${r.id}@pavilion"`);
    }
    expect(mail.attachments.map((a) => [a.filename, a.cid, a.contentType])).toEqual([
      ['ticket-REG-000007-1.png', 'ticket-regAAAAAAAAAAAAA@pavilion', 'image/png'],
      ['ticket-REG-000007-2.png', 'ticket-regBBBBBBBBBBBBB@pavilion', 'image/png'],
    ]);
  });
});
