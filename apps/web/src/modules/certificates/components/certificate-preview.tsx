import DOMPurify from 'dompurify';
import { Box } from '@mantine/core';
import { useMemo } from 'react';
import { renderCertificate, type TCertificateValues } from '@pavilion/domain/content/certificate';

/** Fills and sanitises a template in the browser (same rules as the server: inline style kept, class refused). */
export function fillCertificate(html: string, values: TCertificateValues): string {
  return DOMPurify.sanitize(renderCertificate(html, values), { USE_PROFILES: { html: true }, FORBID_ATTR: ['class'], FORBID_TAGS: ['form', 'input', 'button', 'iframe', 'style'] });
}

/** A scaled-down live preview of a certificate. */
export function CertificatePreview({ html, values, label }: { html: string; values: TCertificateValues; label: string }) {
  const clean = useMemo(() => fillCertificate(html, values), [html, values]);
  return (
    <Box role="img" aria-label={label} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#fff', overflow: 'hidden', padding: 8 }}>
      <Box style={{ zoom: 0.55 }} dangerouslySetInnerHTML={{ __html: clean }} />
    </Box>
  );
}
