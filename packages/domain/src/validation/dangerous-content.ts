/**
 * SPEC §5: request bodies are refused when they carry script tags, javascript: URLs, inline event-handler
 * attributes, base64 data URIs or alert calls. Values are normalised first (entities, percent-encoding,
 * whitespace and case) so that encoded payloads are caught too.
 */
const PATTERNS: RegExp[] = [
  /<\s*\/?\s*script\b/i,
  /javascript\s*:/i,
  /<[^>]*\son[a-z]+\s*=/i,
  /\bon(?:error|load|click|mouseover|focus|blur|change|submit|keydown|keyup|input|toggle|animationstart)\s*=/i,
  /data\s*:[^,;]*;\s*base64/i,
  /\balert\s*\(/i,
];

function decodeOnce(value: string): string {
  let out = value.replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16) % 0x110000));
  out = out.replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d) % 0x110000));
  out = out.replace(/&(lt|gt|quot|apos|amp|colon|lpar|rpar|tab|newline);/gi, (_, n: string) => {
    const map: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&', colon: ':', lpar: '(', rpar: ')', tab: '\t', newline: '\n' };
    return map[n.toLowerCase()] ?? '';
  });
  out = out.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  out = out.replace(/\\u([0-9a-f]{4})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return out;
}

export function normaliseForScan(value: string): string {
  let current = value;
  for (let i = 0; i < 3; i++) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  // Strip control characters and whitespace inside "java\tscript:"-style splits.
  return current.replace(/[\u0000-\u001f\u007f]/g, '');
}

export function isDangerousString(value: string): boolean {
  const normalised = normaliseForScan(value);
  const squeezed = normalised.replace(/\s+/g, '');
  return PATTERNS.some((p) => p.test(normalised) || p.test(squeezed));
}

/** Walks any JSON-like value (keys too). Never throws, bounded in depth. */
export function containsDangerousContent(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === 'string') return isDangerousString(value);
  if (Array.isArray(value)) return value.some((v) => containsDangerousContent(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).some(
      ([k, v]) => isDangerousString(k) || containsDangerousContent(v, depth + 1),
    );
  }
  return false;
}
