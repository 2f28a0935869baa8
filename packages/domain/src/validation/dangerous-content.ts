/**
 * SPEC §5: request bodies are refused when they carry script tags, javascript: URLs, inline event-handler
 * attributes, base64 data URIs or alert calls (code 1001). Values are normalised first — HTML entities (named,
 * decimal, hex, with or without ';'), percent-encoding, \u / \x escapes, Unicode compatibility forms, control and
 * zero-width characters, whitespace and case — and decoding is repeated so double-encoded payloads are caught.
 *
 * Every pattern is linear-time (no nested quantifiers, bounded scans) and the scan never throws.
 */
const PATTERNS: readonly RegExp[] = [
  // <script, </script, < script
  /<\s*\/?\s*script\b/i,
  // javascript: / vbscript: URLs (also split by whitespace, caught on the squeezed form)
  /(?:java|vb)script\s*:/i,
  // inline handler inside a tag: <img src=x onerror=…>, <svg/onload=…>, <a "onclick"=…>
  /<[a-z!][^<>]*[\s/"'`]on[a-z]{3,}\s*=/i,
  // handler attribute injected into an existing tag: `" onmouseover="…`
  /["'`\s/]on(?:abort|animation(?:start|end|iteration)|auxclick|begin|blur|change|click|contextmenu|copy|cut|dblclick|drag\w*|drop|end|error|focus(?:in|out)?|hashchange|input|invalid|key(?:down|press|up)|load\w*|message|mouse\w+|paste|pointer\w+|popstate|reset|resize|scroll|search|select\w*|show|submit|toggle|touch\w+|transition\w+|unload|wheel)\s*=/i,
  // base64 data URI: data:[<mime>][;params];base64,
  /\bdata\s*:[^,;<>"'\s]{0,100}(?:;[^,;<>"']{0,100}){0,5};\s*base64\s*,/i,
  // alert calls: alert(…), alert`…`, window['alert'](…)
  /\balert\s*(?:\(|`)/i,
  /\[\s*["'`]alert["'`]\s*\]/i,
];

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  lt: '<', gt: '>', quot: '"', apos: "'", amp: '&', colon: ':', semi: ';', lpar: '(', rpar: ')', lsqb: '[',
  rsqb: ']', lbrack: '[', rbrack: ']', grave: '`', equals: '=', sol: '/', bsol: '\\', comma: ',', period: '.',
  excl: '!', num: '#', tab: '\t', newline: '\n', nbsp: ' ', quest: '?', percnt: '%', plus: '+',
};

function codePoint(value: number): string {
  return Number.isSafeInteger(value) && value >= 0 && value <= 0x10ffff && (value < 0xd800 || value > 0xdfff)
    ? String.fromCodePoint(value)
    : '\uFFFD';
}

function decodeOnce(value: string): string {
  return value
    .replace(/&#x0*([0-9a-f]{1,8});?/gi, (_, h: string) => codePoint(parseInt(h, 16)))
    .replace(/&#0*(\d{1,10});?/g, (_, d: string) => codePoint(Number(d)))
    .replace(/&([a-z]{2,8});?/gi, (match, n: string) => NAMED_ENTITIES[n.toLowerCase()] ?? match)
    .replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/%u([0-9a-f]{4})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\u\{([0-9a-f]{1,6})\}/gi, (_, h: string) => codePoint(parseInt(h, 16)))
    .replace(/\\u([0-9a-f]{4})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\x([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * Printable ASCII without `&`, `%` or a backslash: nothing to decode (every escape form above starts with one of them), NFKC
 * leaves it as it is and it holds no control character, so it is its own normalised form. Most request strings (ids,
 * names, emails, the gate's credentials) are, and skip the eight replace passes.
 */
const ALREADY_NORMAL = /^[\x20-\x24\x27-\x5b\x5d-\x7e]*$/;

/** The decoded, compatibility-normalised form that the patterns are matched against. */
export function normaliseForScan(value: string): string {
  if (ALREADY_NORMAL.test(value)) return value;
  let current = value;
  for (let i = 0; i < 5; i++) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  // NFKC folds full-width and other compatibility forms (＜ｓｃｒｉｐｔ＞) to ASCII; then drop control characters,
  // zero-width characters and soft hyphens that browsers ignore inside "java\tscript:"-style splits.
  return current.normalize('NFKC').replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f\u00ad\u200b-\u200f\u2060\ufeff]/g, '');
}

export function isDangerousString(value: string): boolean {
  try {
    const normalised = normaliseForScan(value);
    const squeezed = normalised.replace(/\s+/g, '');
    return PATTERNS.some((p) => p.test(normalised) || p.test(squeezed));
  } catch {
    // A value that cannot even be normalised is not trusted.
    return true;
  }
}

/**
 * Walks any JSON-like value, keys included, iteratively (no recursion limit to hide a payload behind, no stack
 * overflow on deep nesting, cycles visited once). Never throws.
 */
// `_depth` is kept for callers of the earlier recursive signature; the walk is iterative and has no depth limit.
export function containsDangerousContent(value: unknown, _depth?: number): boolean {
  const stack: unknown[] = [value];
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (isDangerousString(current)) return true;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (seen.has(current)) continue;
    seen.add(current);
    try {
      if (Array.isArray(current)) {
        for (const item of current) stack.push(item);
      } else {
        for (const [k, v] of Object.entries(current)) {
          if (isDangerousString(k)) return true;
          stack.push(v);
        }
      }
    } catch {
      return true; // a hostile getter or proxy: refuse rather than pass it through
    }
  }
  return false;
}
