import { companyDocumentsEn } from './company-documents.en.ts';

/**
 * Strings of a product's documents (registered under `exhibition.productDocs`): the company documents' media panel
 * keys (upload, rename, delete, columns), with what differs for a product.
 */
export const productDocumentsEn = {
  ...companyDocumentsEn,
  intro: 'A data sheet, a manual or a price list for this product: PDF, Word, Excel, text, CSV, PSD or CDR, up to {{mb}} MB each, at most 5. Visitors open them under the product on your company’s page.',
  empty: 'No documents for this product yet',
  emptyBody: 'Upload a data sheet or a manual: visitors open it from the product.',
  docTitle: 'Display name',
  listLabel: 'Product documents',
  // The product lists (organiser, My stand) and the company's page.
  documents: 'Documents',
  manage: 'Documents of {{name}}',
  attendeeList: 'Documents of {{name}}',
};
