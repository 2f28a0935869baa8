import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { ZLoginLinkResponse } from '../auth/auth.schemas.ts';
import { ZCompanyParams, ZExhibitionEventParams } from './exhibition.schemas.ts';
import {
  ZCompanyInvoice,
  ZCompanyInvoiceList,
  ZCompanyInvoiceParams,
  ZCompanyInvoiceQuery,
  ZCompanyInvoiceTax,
  ZCompanyInvoiceTaxInput,
  ZInvoicePaymentStart,
  ZMarkInvoicePaidInput,
  ZMyInvoices,
  ZPayInvoiceInput,
  ZRefundCompanyInvoiceInput,
  ZCreditNoteQuery,
} from './company-invoices.ts';
import {
  ZAdminInvitation,
  ZAdminInvitationInput,
  ZFormActiveInput,
  ZFormSettingsInput,
  ZFulfilmentBoard,
  ZProviderBoard,
  ZServiceProviderOptions,
  ZMyForm,
  ZMyFormParams,
  ZMyStand,
  ZMyStandParams,
  ZMySubmissionParams,
  ZNoBody,
  ZRejectInput,
  ZServiceForm,
  ZServiceFormList,
  ZServiceFormParams,
  ZSubmission,
  ZSubmissionList,
  ZSubmissionParams,
  ZSubmissionInput,
  ZSubmissionQuery,
} from './service-forms.ts';

const tags = ['exhibition'];
const ev = '/api/eventservices/events/:eventId/exhibition';
const mine = '/api/eventservices/events/:eventId/my-stand';

/**
 * The 23 service forms (issue 15, SPEC §3.5). Organiser routes are scoped to the caller's organisation (another
 * organisation's event or submission answers 404) and gated by SPEC §2.7 codes: Forms Catalogue (AP-516 view,
 * AP-517 edit, AP-518 activate form), Form Submissions (AP-519 view, AP-521 approve — also marks fulfilled —,
 * AP-522 reject, AP-523 download), Companies (AP-484 edit: inviting the company's admin).
 *
 * The exhibitor's routes (`my-stand`) need a signed-in participant of the event (the `ei/{eventId}` event access
 * token) who is the admin of one of its exhibiting companies (403 EXHIBITION_NOT_COMPANY_ADMIN otherwise); a booth
 * of another company answers 404. A form is filled only when switched on and fitting the booth's stall type (409
 * EXHIBITION_FORM_NOT_OFFERED), before its deadline (409 EXHIBITION_FORM_DEADLINE_PASSED). A status move the rule
 * does not allow answers 409 EXHIBITION_SUBMISSION_STATUS naming the allowed actions; a save on a version another
 * save replaced answers 409 EXHIBITION_SUBMISSION_STALE.
 */
export const serviceFormsRoutes = defineRoutes({
  forms: { method: 'GET', path: `${ev}/service-forms`, auth: 'organiser', access: 'AP-516', tags, params: ZExhibitionEventParams, response: ZServiceFormList },
  saveForm: { method: 'PUT', path: `${ev}/service-forms/:formCode`, auth: 'organiser', access: 'AP-517', tags, params: ZServiceFormParams, body: ZFormSettingsInput, response: ZServiceForm },
  activateForm: { method: 'PUT', path: `${ev}/service-forms/:formCode/active`, auth: 'organiser', access: 'AP-518', tags, params: ZServiceFormParams, body: ZFormActiveInput, response: ZServiceForm },

  /** Mails the company's admin a one-time sign-in link (the account is made, as user type 2, when there is none). */
  inviteAdmin: { method: 'POST', path: `${ev}/companies/:companyId/admin-invitation`, auth: 'organiser', access: 'AP-484', tags, params: ZCompanyParams, body: ZAdminInvitationInput, status: 201, response: ZAdminInvitation },

  /**
   * SPEC §2.1 `ebf/lgn/…`: a one-time link (12 hours) that signs the booth's company admin in and opens this form for
   * this booth, for the onsite desk (AP-484, as the admin's invitation). 409 when the form is not open to the
   * booth, the booth has no company, or the company no admin yet.
   */
  boothFormLink: { method: 'POST', path: `${ev}/booths/:boothId/forms/:formCode/login-link`, auth: 'organiser', access: 'AP-484', tags, params: ZMyFormParams, body: ZNoBody, status: 201, response: ZLoginLinkResponse },

  submissions: { method: 'GET', path: `${ev}/form-submissions`, auth: 'organiser', access: 'AP-519', tags, params: ZExhibitionEventParams, query: ZSubmissionQuery, response: ZSubmissionList },
  submission: { method: 'GET', path: `${ev}/form-submissions/:submissionId`, auth: 'organiser', access: 'AP-519', tags, params: ZSubmissionParams, response: ZSubmission },
  approve: { method: 'POST', path: `${ev}/form-submissions/:submissionId/approve`, auth: 'organiser', access: 'AP-521', tags, params: ZSubmissionParams, body: ZNoBody, response: ZSubmission },
  reject: { method: 'POST', path: `${ev}/form-submissions/:submissionId/reject`, auth: 'organiser', access: 'AP-522', tags, params: ZSubmissionParams, body: ZRejectInput, response: ZSubmission },
  fulfil: { method: 'POST', path: `${ev}/form-submissions/:submissionId/fulfil`, auth: 'organiser', access: 'AP-521', tags, params: ZSubmissionParams, body: ZNoBody, response: ZSubmission },
  attachment: { method: 'GET', path: `${ev}/form-submissions/:submissionId/attachment`, auth: 'organiser', access: 'AP-523', tags, params: ZSubmissionParams, response: fileResponse('application/octet-stream') },
  /** Approved work not yet fulfilled and fulfilled work, by deadline then stall. */
  fulfilment: { method: 'GET', path: `${ev}/fulfilment`, auth: 'organiser', access: 'AP-519', tags, params: ZExhibitionEventParams, response: ZFulfilmentBoard },
  /** The organisation's service providers (workspace companies of kind serviceProvider) a form can be given to. */
  serviceProviders: { method: 'GET', path: `${ev}/service-providers`, auth: 'organiser', access: 'AP-516', tags, params: ZExhibitionEventParams, response: ZServiceProviderOptions },
  /**
   * A service provider's own fulfilment board (SPEC §3.1 user types 1 and 6, signed in to their workspace portal):
   * the approved and fulfilled work of the forms the organiser gave their company. Other users 403
   * EXHIBITION_NOT_SERVICE_PROVIDER; an event of another organiser 404.
   */
  providerBoard: { method: 'GET', path: '/api/eventservices/events/:eventId/provider/fulfilment', auth: 'user', tags, params: ZExhibitionEventParams, response: ZProviderBoard },
  providerFulfil: { method: 'POST', path: '/api/eventservices/events/:eventId/provider/fulfilment/:submissionId/fulfil', auth: 'user', tags, params: ZSubmissionParams, body: ZNoBody, response: ZSubmission },

  myStand: { method: 'GET', path: mine, auth: 'user', tags, params: ZMyStandParams, response: ZMyStand },
  myForm: { method: 'GET', path: `${mine}/booths/:boothId/forms/:formCode`, auth: 'user', tags, params: ZMyFormParams, response: ZMyForm },
  saveMyForm: { method: 'PUT', path: `${mine}/booths/:boothId/forms/:formCode`, auth: 'user', tags, params: ZMyFormParams, body: ZSubmissionInput, response: ZSubmission },
  myAttachment: { method: 'GET', path: `${mine}/submissions/:submissionId/attachment`, auth: 'user', tags, params: ZMySubmissionParams, response: fileResponse('application/octet-stream') },

  /**
   * Company invoices (the payments module's, for approved priced orders): the organiser lists them (Invoices: View,
   * AP-191), downloads one (AP-193) and records an offline payment (Pending Orders: Mark Paid, AP-180, as an order's
   * mark-paid; 409 COMPANY_INVOICE_PAID when already paid). The company admin lists its own, downloads one and pays
   * online (201: the provider's hosted page; 409 COMPANY_INVOICE_PAID, 400 PROVIDER_NOT_ENABLED). Another company's
   * or organisation's invoice answers 404.
   */
  companyInvoices: { method: 'GET', path: `${ev}/company-invoices`, auth: 'organiser', access: 'AP-191', tags, params: ZExhibitionEventParams, query: ZCompanyInvoiceQuery, response: ZCompanyInvoiceList },
  companyInvoicePdf: { method: 'GET', path: `${ev}/company-invoices/:invoiceId/invoice.pdf`, auth: 'organiser', access: 'AP-193', tags, params: ZCompanyInvoiceParams, response: fileResponse('application/pdf') },
  markInvoicePaid: { method: 'POST', path: `${ev}/company-invoices/:invoiceId/mark-paid`, auth: 'organiser', access: 'AP-180', tags, params: ZCompanyInvoiceParams, body: ZMarkInvoicePaidInput, response: ZCompanyInvoice },
  myInvoices: { method: 'GET', path: `${mine}/invoices`, auth: 'user', tags, params: ZMyStandParams, response: ZMyInvoices },
  myInvoicePdf: { method: 'GET', path: `${mine}/invoices/:invoiceId/invoice.pdf`, auth: 'user', tags, params: ZCompanyInvoiceParams, response: fileResponse('application/pdf') },
  payMyInvoice: { method: 'POST', path: `${mine}/invoices/:invoiceId/pay`, auth: 'user', tags, params: ZCompanyInvoiceParams, body: ZPayInvoiceInput, status: 201, response: ZInvoicePaymentStart },

  /**
   * The tax of the event's company invoices (Currencies & Taxes: View AP-206, Edit AP-207). Saving recomputes the open
   * invoices (per line, half up, in cents); frozen, paid and refunded ones keep their figures. 400 taxRateInvalid.
   */
  companyInvoiceTax: { method: 'GET', path: `${ev}/company-invoice-tax`, auth: 'organiser', access: 'AP-206', tags, params: ZExhibitionEventParams, response: ZCompanyInvoiceTax },
  saveCompanyInvoiceTax: { method: 'PUT', path: `${ev}/company-invoice-tax`, auth: 'organiser', access: 'AP-207', tags, params: ZExhibitionEventParams, body: ZCompanyInvoiceTaxInput, response: ZCompanyInvoiceTax },
  /**
   * Refunds a paid company invoice (Refunds: Approve Refund, AP-183), whole or in part (`amount` in minor units, at
   * most what is still refundable; several until fully refunded), and issues a credit note per refund (the
   * organisation's own series and prefix, tax in proportion): an online payment through its provider, an offline one
   * recorded with its reference (400 referenceRequired). A provider's `pending` answer is recorded as pending and its
   * credit note waits for the provider's confirmation (a failure frees the amount again). 400 REFUND_EXCEEDS_PAID
   * (field amount, key refundTooLarge) above what remains, also when two refunds race; 409 COMPANY_INVOICE_REFUNDED when
   * nothing is left, 409 COMPANY_INVOICE_NOT_PAID when unpaid; 502 PROVIDER_ERROR when the provider refuses (the
   * refund is recorded failed, nothing reserved).
   */
  refundCompanyInvoice: { method: 'POST', path: `${ev}/company-invoices/:invoiceId/refund`, auth: 'organiser', access: 'AP-183', tags, params: ZCompanyInvoiceParams, body: ZRefundCompanyInvoiceInput, response: ZCompanyInvoice },
  /**
   * A credit note's PDF (Credit Notes: Download, AP-199; the company admin's own below): `creditNoteId` (one of the
   * invoice's `refunds[].creditNote`), else its first; 404 when there is none.
   */
  creditNotePdf: { method: 'GET', path: `${ev}/company-invoices/:invoiceId/credit-note.pdf`, auth: 'organiser', access: 'AP-199', tags, params: ZCompanyInvoiceParams, query: ZCreditNoteQuery, response: fileResponse('application/pdf') },
  myCreditNotePdf: { method: 'GET', path: `${mine}/invoices/:invoiceId/credit-note.pdf`, auth: 'user', tags, params: ZCompanyInvoiceParams, query: ZCreditNoteQuery, response: fileResponse('application/pdf') },
});
