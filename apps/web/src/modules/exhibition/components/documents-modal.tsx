import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TExhibitingCompany } from '@pavilion/domain/exhibition/exhibition.schemas';
import { COMPANY_DOCUMENT_MAX_BYTES, type TCompanyDocument } from '@pavilion/domain/exhibition/company-documents';
import { DOCUMENT_EXTENSIONS } from '@pavilion/domain/validation/file-types';
import { companyDocumentsApi as api, documentKeys } from '../api/company-documents-api.ts';
import { CompanyMediaModal, type CompanyMediaKind } from './company-media-modal.tsx';

function AddedBy({ doc }: { doc: TCompanyDocument }) {
  const { t } = useTranslation();
  return <Text size="sm">{doc.uploadedBy === 'staff' ? t('exhibition.docs.byStaff') : t('exhibition.docs.byOrganiser')}</Text>;
}

export const DOCUMENTS: CompanyMediaKind<TCompanyDocument> = {
  ns: 'exhibition.docs',
  titleLabel: 'docTitle',
  maxBytes: COMPANY_DOCUMENT_MAX_BYTES,
  extensions: DOCUMENT_EXTENSIONS,
  testId: 'document',
  queryKey: documentKeys.documents,
  list: api.documents,
  upload: api.upload,
  rename: api.rename,
  remove: api.remove,
  columns: [
    { header: 'colBy', cell: (d) => <AddedBy doc={d} /> },
    { header: 'colViews', cell: (d) => d.views, testId: 'document-views' },
    { header: 'colDownloads', cell: (d) => d.downloads, testId: 'document-downloads' },
  ],
  size: 'xl',
  minTableWidth: 560,
};

/**
 * A company's documents (SPEC §3.10 upload media 1, SPEC §5 document types): upload (AP-484), rename, delete, and the
 * exhibitor report's Documents tab (SPEC §2.6): each document's views and downloads. One list with the documents the
 * booth staff add on the Leads tab (the brief bag).
 */
export function DocumentsModal(props: { eventId: string; company: TExhibitingCompany | null; onClose: () => void }) {
  return <CompanyMediaModal kind={DOCUMENTS} {...props} />;
}
