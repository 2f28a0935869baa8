import { escapeHtml } from './html-escape.ts';

/**
 * SPEC §3.8 certificate placeholders. They are written `[firstName]`: double curly braces are refused in
 * rich-text and template fields (SPEC §5, doubleCurlyVariableNotAllowed), so certificates cannot use them.
 */
export const CERTIFICATE_PLACEHOLDERS = ['firstName', 'lastName', 'title', 'conductedBy'] as const;
export type TCertificatePlaceholder = (typeof CERTIFICATE_PLACEHOLDERS)[number];
export type TCertificateValues = Partial<Record<TCertificatePlaceholder, string>>;

export const certificateToken = (name: TCertificatePlaceholder) => `[${name}]`;

/** The default certificate template (SPEC §3.8). */
export const DEFAULT_CERTIFICATE_TEMPLATE = `<div style="width:100%;max-width:1000px;margin:0 auto;padding:48px;border:8px double #2f3b52;font-family:Georgia,serif;text-align:center;color:#1f2533">
  <h1 style="font-size:40px;margin:0 0 8px">Certificate of Participation</h1>
  <p style="font-size:18px;margin:0 0 32px">This certificate is proudly presented to</p>
  <h2 style="font-size:34px;margin:0 0 24px">[firstName] [lastName]</h2>
  <p style="font-size:18px;margin:0 0 8px">for participating in</p>
  <h3 style="font-size:26px;margin:0 0 40px">[title]</h3>
  <p style="font-size:16px;margin:0">Conducted by [conductedBy]</p>
</div>`;

/** Fills the placeholders with HTML-escaped values; unknown `[...]` text is left as written. */
export function renderCertificate(template: string, values: TCertificateValues): string {
  return template.replace(/\[(firstName|lastName|title|conductedBy)\]/g, (_, name: TCertificatePlaceholder) =>
    escapeHtml(values[name] ?? ''),
  );
}
