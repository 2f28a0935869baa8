import { i18next } from '../../app/i18n.ts';
import { exhibitionEn, exhibitionValidationEn } from './locales/exhibition.en.ts';
import { serviceFormsEn, serviceFormsValidationEn } from './locales/service-forms.en.ts';
import { hallPlanEn } from './locales/hall-plan.en.ts';
import { companyInvoicesEn, companyInvoicesValidationEn } from './locales/company-invoices.en.ts';
import { companyDocumentsEn, exhibitorReportEn } from './locales/company-documents.en.ts';
import { productOrdersEn, productOrdersValidationEn } from './locales/product-orders.en.ts';
import { myStandEn } from './locales/my-stand.en.ts';
import { productDocumentsEn } from './locales/product-documents.en.ts';
import { staffBadgesEn, staffBadgesValidationEn } from './locales/staff-badges.en.ts';

/** The exhibition module's strings, and the validation keys it adds (merged into the shared `validation`). */
i18next.addResourceBundle('en', 'translation', { exhibition: { ...exhibitionEn, forms: serviceFormsEn, plan: hallPlanEn, docs: companyDocumentsEn, report: exhibitorReportEn, invoices: companyInvoicesEn, orders: productOrdersEn, productDocs: productDocumentsEn, stand: myStandEn, badges: staffBadgesEn }, validation: { ...exhibitionValidationEn, ...serviceFormsValidationEn, ...companyInvoicesValidationEn, ...productOrdersValidationEn, ...staffBadgesValidationEn } }, true, false);
