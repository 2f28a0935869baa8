import type createDOMPurify from 'dompurify';

let purifier: Promise<ReturnType<typeof createDOMPurify>> | null = null;

/** Server-side rich-text sanitising (DOMPurify over jsdom), loaded on first use so start-up stays fast and small. */
export async function sanitizeRichText(html: string): Promise<string> {
  if (html === '') return '';
  purifier ??= (async () => {
    const [{ default: create }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
    return create(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  })();
  return (await purifier).sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style', 'class'] });
}
