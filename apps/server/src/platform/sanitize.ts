import type createDOMPurify from 'dompurify';

type Purifier = ReturnType<typeof createDOMPurify>;
let purifier: Promise<Purifier> | null = null;
let emailPurifier: Promise<Purifier> | null = null;

async function createPurifier(): Promise<Purifier> {
  const [{ default: create }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  return create(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
}

/**
 * Server-side rich-text sanitising (DOMPurify over jsdom), loaded on first use so start-up stays fast and small. Rich
 * text (event descriptions, mail bodies, venue info pages) is prose: no forms or controls (a page of the event must
 * not collect what its visitor types), no frames or styles.
 */
export async function sanitizeRichText(html: string): Promise<string> {
  if (html === '') return '';
  purifier ??= createPurifier();
  return (await purifier).sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_ATTR: ['style', 'class'],
    FORBID_TAGS: ['form', 'input', 'button', 'select', 'option', 'textarea', 'iframe', 'style'],
  });
}

/** What a sanitised mail links to: each anchor's target and text, in document order. */
export type EmailLink = { url: string; label: string; isText: boolean };

// The hooks below read these for the one synchronous sanitize() call in progress (no other call can interleave).
let inlineImage: (cid: string) => string | null = () => null;
let collected: EmailLink[] = [];

/**
 * An email's HTML made safe to show in the browser (the Mail outbox renders it in a sandboxed iframe as well): the
 * whole document with its inline styles, but no scripts, event handlers, forms or embedded objects. `cid:` images
 * become what `resolveCid` gives (a data: URL of the attachment) or lose their src, and every link is collected.
 */
export async function sanitizeEmailHtml(html: string, resolveCid: (cid: string) => string | null): Promise<{ html: string; links: EmailLink[] }> {
  emailPurifier ??= createPurifier().then((p) => {
    p.addHook('afterSanitizeAttributes', (node) => {
      const el = node as Element;
      if (el.tagName === 'IMG') {
        const src = el.getAttribute('src') ?? '';
        if (/^cid:/i.test(src)) {
          const resolved = inlineImage(decodeURIComponent(src.slice(4)));
          if (resolved) el.setAttribute('src', resolved);
          else el.removeAttribute('src');
        }
      }
      if (el.tagName === 'A') {
        const href = el.getAttribute('href');
        if (href && /^https?:\/\//i.test(href)) {
          const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
          collected.push({ url: href, label: text || el.querySelector('img')?.getAttribute('alt') || href, isText: text !== '' });
        }
      }
    });
    return p;
  });
  const p = await emailPurifier;
  inlineImage = resolveCid;
  collected = [];
  try {
    const clean = p.sanitize(html, {
      WHOLE_DOCUMENT: true,
      USE_PROFILES: { html: true },
      FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'base', 'meta', 'link'],
      ADD_ATTR: ['target'],
      // data: only for the images resolved from attachments; DOMPurify allows data: on <img> by default.
      ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel|cid):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    });
    return { html: clean, links: collected };
  } finally {
    inlineImage = () => null;
    collected = [];
  }
}
