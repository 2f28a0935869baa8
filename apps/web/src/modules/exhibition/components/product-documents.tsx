import '../exhibition-i18n.ts';
import { Suspense, useMemo } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TProduct } from '@pavilion/domain/exhibition/exhibition.schemas';
import { PRODUCT_DOCUMENT_MAX_BYTES, type TExhibitorProductDocument, type TProductDocument } from '@pavilion/domain/exhibition/product-documents';
import { DOCUMENT_EXTENSIONS } from '@pavilion/domain/validation/file-types';
import { exhibitorProductDocumentsApi, myProductDocumentsApi, productDocumentKeys, productDocumentsOrgApi } from '../api/product-documents-api.ts';
import { BagButton } from '../../leads/index.ts';
import { OpenDocumentButton } from './booth-actions.tsx';
import { CompanyMediaPanel, type CompanyMediaKind } from './company-media-modal.tsx';

type TUpload = { title: string; fileName: string; dataBase64: string };
/** Where one product's documents are read and changed: the organiser's routes (AP-559/561) or the company admin's My stand. */
type Source = {
  queryKey: readonly unknown[];
  list: (signal?: AbortSignal) => Promise<TProductDocument[]>;
  upload: (body: TUpload) => Promise<unknown>;
  rename: (id: string, title: string) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
};

/**
 * A product's documents: the company media panel (list with downloads, rename, delete, upload) on the product's routes.
 * The organiser's by default (edits behind AP-561); `isMine`: the company admin's My stand, where the server decides.
 */
export function ProductDocuments({ eventId, companyId, product, isMine = false }: { eventId: string; companyId: string; product: TProduct; isMine?: boolean }) {
  const { t } = useTranslation();
  const productId = product.id;
  const kind = useMemo<CompanyMediaKind<TProductDocument>>(() => {
    const src: Source = isMine
      ? {
          queryKey: productDocumentKeys.mine(eventId, productId),
          list: (signal) => myProductDocumentsApi.list(eventId, productId, signal),
          upload: (body) => myProductDocumentsApi.upload(eventId, productId, body),
          rename: (id, title) => myProductDocumentsApi.rename(eventId, productId, id, title),
          remove: (id) => myProductDocumentsApi.remove(eventId, productId, id),
        }
      : {
          queryKey: productDocumentKeys.organiser(eventId, companyId, productId),
          list: (signal) => productDocumentsOrgApi.list(eventId, companyId, productId, signal),
          upload: (body) => productDocumentsOrgApi.upload(eventId, companyId, productId, body),
          rename: (id, title) => productDocumentsOrgApi.rename(eventId, companyId, productId, id, title),
          remove: (id) => productDocumentsOrgApi.remove(eventId, companyId, productId, id),
        };
    return {
      ns: 'exhibition.productDocs',
      titleLabel: 'docTitle',
      maxBytes: PRODUCT_DOCUMENT_MAX_BYTES,
      extensions: DOCUMENT_EXTENSIONS,
      testId: 'product-document',
      queryKey: () => src.queryKey,
      list: (_e, _c, signal) => src.list(signal),
      upload: (_e, _c, body) => src.upload(body),
      rename: (_e, _c, id, title) => src.rename(id, title),
      remove: (_e, _c, id) => src.remove(id),
      columns: [{ header: 'colDownloads', cell: (d) => d.downloads, testId: 'product-document-downloads' }],
      size: 'lg',
      minTableWidth: 300,
      editRule: isMine ? null : 'AP-561',
    };
  }, [eventId, companyId, productId, isMine]);
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-labelledby={`product-docs-${productId}`}>
      <Stack gap="xs">
        <Title order={3} fz="h6" id={`product-docs-${productId}`}>
          {t('exhibition.productDocs.manage', { name: product.name })}
        </Title>
        <CompanyMediaPanel kind={kind} eventId={eventId} companyId={companyId} />
      </Stack>
    </Paper>
  );
}

/** The company's product documents for its page (product id → documents), fetched once for all its products. */
export function useExhibitorProductDocuments(eventId: string, companyId: string, isWanted: boolean) {
  return useQuery({ queryKey: productDocumentKeys.exhibitor(eventId, companyId), queryFn: ({ signal }) => exhibitorProductDocumentsApi.list(eventId, companyId, signal), enabled: isWanted });
}

/** Under a product on the company's page: its documents, each with "Open" (counted as a download, then saved) and "Add to brief bag". */
export function ProductDocumentLinks({ eventId, companyId, product, documents }: { eventId: string; companyId: string; product: TProduct; documents: TExhibitorProductDocument[] }) {
  const { t } = useTranslation();
  if (documents.length === 0) return null;
  return (
    <Stack gap={4} component="ul" aria-label={t('exhibition.productDocs.attendeeList', { name: product.name })} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {documents.map((d) => (
        <Group key={d.id} component="li" justify="space-between" wrap="wrap" gap="xs" data-testid="product-document">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 140px' }}>
            <IconFileText size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" truncate>
              {d.title}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <OpenDocumentButton eventId={eventId} companyId={companyId} documentId={d.id} title={d.title} open={() => exhibitorProductDocumentsApi.open(eventId, companyId, product.id, d.id)} />
            {/* Collected into the brief bag as a company's documents are (leads' button: participants only). */}
            <Suspense fallback={null}>
              <BagButton eventId={eventId} documentId={d.id} title={d.title} />
            </Suspense>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
