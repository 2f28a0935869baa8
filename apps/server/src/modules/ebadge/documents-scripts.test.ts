import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderCertificatePdf } from '../certificates/certificate-pdf.ts';
import { renderInvoicePdf } from '../payments/invoice-pdf.ts';
import { renderEbadgePdf } from './ebadge.documents.ts';

const textOf = async (pdf: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text as string;

// International attendees: each document prints their names as written (Latin Extended, Cyrillic, Greek).
describe('attendee documents in other scripts', () => {
  it('the e-badge PDF prints the holder, event and category as written', async () => {
    const text = await textOf(
      await renderEbadgePdf({ eventName: 'Форум Łódź 2027', dates: '1 – 3 Mar 2027', venue: 'Αθήνα', holderName: 'Γιώργος Παπαδόπουλος', ticketName: 'Visitor', categoryName: 'Пресса', registrationNo: 'REG-000001', token: 'PV1:x' }),
    );
    for (const s of ['Форум Łódź 2027', 'Γιώργος Παπαδόπουλος', 'Пресса', 'Αθήνα', 'Reg. No REG-000001']) expect(text).toContain(s);
  });

  it('the invoice prints the buyer and the seller as written', async () => {
    const text = await textOf(
      await renderInvoicePdf({
        number: 'INV-000001',
        issuedAt: new Date('2027-03-01T00:00:00Z'),
        seller: { legalName: 'Wydarzenia Śląskie sp. z o.o.', address: 'ul. Żelazna 5\nKatowice', taxId: 'PL123', email: 'biuro@example.com' },
        buyer: { name: 'Дмитрий Иванов', email: 'd@example.com' },
        eventName: 'Expo',
        registrationNo: 'REG-000001',
        currency: 'PLN',
        lines: [{ description: 'Bilet wstępu — dzień 1', quantity: 1, unitPrice: 10000, discount: 0, tax: 0, total: 10000 }],
        subtotal: 10000,
        discount: 0,
        tax: 0,
        total: 10000,
        refunded: 0,
      }),
    );
    for (const s of ['Wydarzenia Śląskie sp. z o.o.', 'ul. Żelazna 5', 'Billed to: Дмитрий Иванов', 'Bilet wstępu — dzień 1', 'INVOICE INV-000001']) expect(text).toContain(s);
  });

  it('the certificate prints the holder in the serif face as written', async () => {
    const text = await textOf(
      await renderCertificatePdf({ html: '<h1>Certificate of Attendance</h1><p>presented to</p><h2>Şükrü Çelik</h2>', holderName: 'Şükrü Çelik', eventName: 'Expo İstanbul', issuedOn: '2027-03-01', certificateId: 'C1', verifyUrl: 'https://pv.example/v/C1' }),
    );
    for (const s of ['Certificate of Attendance', 'Şükrü Çelik', 'Expo İstanbul']) expect(text).toContain(s);
  });
});
