import { describe, expect, it } from 'vitest';
import { DEFAULT_CERTIFICATE_TEMPLATE } from '@pavilion/domain';
import { certificateTextLines, renderCertificateHtml } from './certificate-html.ts';

describe('certificate html', () => {
  it('fills the placeholders, escapes values and keeps the inline layout', async () => {
    const html = await renderCertificateHtml(DEFAULT_CERTIFICATE_TEMPLATE, { firstName: '<b>Ada</b>', lastName: 'Lovelace', title: 'Expo 2027', conductedBy: 'Pavilion' });
    expect(html).toContain('&lt;b&gt;Ada&lt;/b&gt; Lovelace');
    expect(html).toContain('style=');
    expect(html).not.toContain('[firstName]');
  });

  it('strips scripts, handlers and class attributes', async () => {
    const html = await renderCertificateHtml('<p class="x" onclick="alert(1)">Hi [firstName]</p><script>alert(1)</script><img src=x onerror=alert(1)>', { firstName: 'Ada' });
    expect(html).not.toMatch(/script|onclick|onerror|class=/);
    expect(html).toContain('Hi Ada');
  });

  it('reads the text lines of the default template in order, for the PDF', () => {
    const lines = certificateTextLines(DEFAULT_CERTIFICATE_TEMPLATE.replace('[firstName] [lastName]', 'Ada &amp; Bo').replace('[title]', 'Expo').replace('[conductedBy]', 'Org'));
    expect(lines.map((l) => l.text)).toEqual(['Certificate of Participation', 'This certificate is proudly presented to', 'Ada & Bo', 'for participating in', 'Expo', 'Conducted by Org']);
    expect(lines[0]!.tag).toBe('h1');
    expect(certificateTextLines('plain [firstName]')).toEqual([{ text: 'plain [firstName]', tag: 'p' }]);
  });
});
