import type createDOMPurify from 'dompurify';
import { renderCertificate, type TCertificateValues } from '@pavilion/domain';

let purifier: Promise<ReturnType<typeof createDOMPurify>> | null = null;

/**
 * Certificate HTML is sanitised with DOMPurify like other rich text, but keeps inline `style`: a certificate is a
 * laid-out page (the SPEC §3.8 default template is styled inline). `class` stays refused (SPEC §5), and scripts,
 * handlers, forms and external frames go.
 */
export async function sanitizeCertificateHtml(html: string): Promise<string> {
  if (html === '') return '';
  purifier ??= (async () => {
    const [{ default: create }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
    return create(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  })();
  return (await purifier).sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['class'], FORBID_TAGS: ['form', 'input', 'button', 'iframe', 'style'] });
}

export async function renderCertificateHtml(template: string, values: TCertificateValues): Promise<string> {
  return sanitizeCertificateHtml(renderCertificate(template, values));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The certificate's text lines (block elements become lines), for the PDF layout. */
export function certificateTextLines(html: string): { text: string; tag: string }[] {
  const out: { text: string; tag: string }[] = [];
  const re = /<(h1|h2|h3|h4|p|li|div)\b[^>]*>([\s\S]*?)<\/\1>/gi;
  const inner = (s: string) =>
    s
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+|#39);/gi, (m, e: string) => {
        if (ENTITIES[e.toLowerCase()] !== undefined) return ENTITIES[e.toLowerCase()]!;
        if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
        if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
        return m;
      })
      .replace(/\s+/g, ' ')
      .trim();
  // Leaf blocks only: a <div> wrapping headings would otherwise repeat their text.
  const leaf = html.replace(/<div\b[^>]*>/gi, '\n').replace(/<\/div>/gi, '\n');
  let m: RegExpExecArray | null;
  while ((m = re.exec(leaf)) !== null) {
    const text = inner(m[2]!);
    if (text) out.push({ text, tag: m[1]!.toLowerCase() });
  }
  if (out.length === 0) {
    const text = inner(html);
    if (text) out.push({ text, tag: 'p' });
  }
  return out;
}
