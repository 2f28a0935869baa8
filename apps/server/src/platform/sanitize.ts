import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

let purifier: ReturnType<typeof createDOMPurify> | null = null;

/** Server-side rich-text sanitising (DOMPurify over jsdom), created lazily so start-up stays fast. */
export function sanitizeRichText(html: string): string {
  if (!purifier) purifier = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  return purifier.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style', 'class'] });
}
