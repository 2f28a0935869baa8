import { useEffect, useRef, useState } from 'react';
import { Alert, Group, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/** Pages drawn at most: a poster is one page or a few; a longer file is read through its download. */
export const MAX_DRAWN_PAGES = 12;

type TPageState = { drawn: number; count: number; texts: string[] };

/** pdf.js, loaded with the first PDF poster opened (its ~1 MB stays out of the portal's own chunks). */
async function loadPdfJs() {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
}

/**
 * A PDF poster drawn page by page into canvases with pdf.js, so it shows on every browser, phones included (Chrome on
 * Android has no in-page PDF viewer, and a frame of the file showed nothing there). Each page is an image named for
 * screen readers, followed by its text (pdf.js's text content, visually hidden), so the poster is read as well as seen.
 * Pages are drawn at the container's width times the screen's pixel ratio, one after the other, with progress.
 */
export function PdfPages({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<TPageState>({ drawn: 0, count: 0, texts: [] });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let cancelled = false;
    let doc: PDFDocumentProxy | null = null;
    let destroy: (() => Promise<void>) | null = null;
    setState({ drawn: 0, count: 0, texts: [] });
    setFailed(false);
    container.replaceChildren();
    (async () => {
      const pdfjs = await loadPdfJs();
      const task = pdfjs.getDocument({ url, enableXfa: false });
      destroy = () => task.destroy();
      doc = await task.promise;
      const count = Math.min(doc.numPages, MAX_DRAWN_PAGES);
      if (!cancelled) setState((s) => ({ ...s, count }));
      const width = container.clientWidth || 360;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      for (let n = 1; n <= count && !cancelled; n++) {
        const page = await doc.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (width / base.width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = '100%';
        canvas.style.height = 'auto';
        canvas.style.display = 'block';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', t('eposters.portal.pdfPage', { title, page: n, count }));
        canvas.dataset.testid = 'eposter-pdf-page';
        await page.render({ canvas, viewport }).promise;
        const text = await page.getTextContent();
        const words = text.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' ').trim();
        if (cancelled) return;
        container.appendChild(canvas);
        setState((s) => ({ ...s, drawn: n, texts: [...s.texts, words] }));
      }
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      void destroy?.().catch(() => undefined);
    };
  }, [url, title, t]);

  return (
    <Stack gap="xs">
      {failed && (
        <Alert color="red" variant="light" title={t('eposters.portal.pdfFailedTitle')}>
          {t('eposters.portal.pdfFailed')}
        </Alert>
      )}
      {!failed && state.drawn < Math.max(state.count, 1) && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {state.count ? t('eposters.portal.pdfDrawing', { page: state.drawn + 1, count: state.count }) : t('eposters.portal.pdfLoading')}
          </Text>
        </Group>
      )}
      <Paper withBorder p={0} bg="white" style={{ overflow: 'hidden' }} hidden={failed}>
        <div ref={box} data-testid="eposter-pdf" aria-label={t('eposters.portal.pdfFrame', { title })} role="group" />
      </Paper>
      {state.texts.map((words, i) => (
        <VisuallyHidden key={i}>{t('eposters.portal.pdfPageText', { page: i + 1, text: words })}</VisuallyHidden>
      ))}
    </Stack>
  );
}
