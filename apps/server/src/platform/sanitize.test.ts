import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText', () => {
  it('keeps prose and links, drops scripts, handlers, styles, frames and every form control', async () => {
    const out = await sanitizeRichText(
      '<h2>Welcome</h2><p onclick="x()">Hall <a href="https://example.com">A</a></p><script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="card"><select><option>1</option></select><textarea></textarea><button>Pay</button></form>',
    );
    expect(out).toContain('<h2>Welcome</h2>');
    expect(out).toContain('<a href="https://example.com">A</a>');
    expect(out).not.toMatch(/<(script|style|iframe|form|input|select|option|textarea|button)\b/i);
    expect(out).not.toContain('onclick');
  });
});
