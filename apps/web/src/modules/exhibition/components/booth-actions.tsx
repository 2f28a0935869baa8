import { useEffect, useRef } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TDocumentOpen } from '@pavilion/domain/exhibition/company-documents';
import { toast } from '../../../app/toast.ts';
import { boothActionsApi } from '../api/company-documents-api.ts';

/** Counts the booth page's view once per mount (the server keeps one a participant and day: SPEC §9 Booth 3, view 1). */
export function useBoothViewed(eventId: string, companyId: string, isShown: boolean) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const key = `${eventId}:${companyId}`;
    if (!isShown || sent.current === key) return;
    sent.current = key;
    // A count that fails is not the visitor's problem: the page stays as it is.
    boothActionsApi.viewed(eventId, companyId).catch(() => undefined);
  }, [eventId, companyId, isShown]);
}

/**
 * "Open" on a company's document: the server counts the download (Documents 4, download 2) and answers a signed link.
 * `open`: another document's "Open" (a product's), asked the same way.
 */
export function OpenDocumentButton({ eventId, companyId, documentId, title, open: openOther }: { eventId: string; companyId: string; documentId: string; title: string; open?: () => Promise<TDocumentOpen> }) {
  const { t } = useTranslation();
  const open = useMutation({
    mutationFn: () => (openOther ? openOther() : boothActionsApi.open(eventId, companyId, documentId)),
    onSuccess: ({ url, fileName }) => {
      // The link answers the file as an attachment: the browser saves it (on a phone, it offers to open it).
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.rel = 'noopener';
      document.body.appendChild(a);
      a.click();
      a.remove();
    },
    onError: () => toast(t('exhibition.docs.openError'), 'error'),
  });
  return (
    <Button size="xs" variant="filled" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => open.mutate()} loading={open.isPending} aria-label={t('exhibition.docs.openDoc', { title })}>
      {t('exhibition.docs.open')}
    </Button>
  );
}
