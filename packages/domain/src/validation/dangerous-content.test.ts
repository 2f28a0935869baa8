import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { containsDangerousContent, isDangerousString, normaliseForScan } from './dangerous-content.ts';

describe('isDangerousString', () => {
  it.each([
    // script tags
    '<script>x</script>',
    '<SCRIPT src=//evil>',
    '< script >',
    '</script >',
    '<scr\u0000ipt>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '&#60;script&#62;',
    '&#x3C;script',
    '&#x003c;script',
    '&#0000060script',
    '%3Cscript%3E',
    '%253Cscript%253E', // double percent-encoding
    '&amp;lt;script&amp;gt;', // double entity-encoding
    '\\u003cscript\\u003e',
    '\\x3cscript',
    '＜ｓｃｒｉｐｔ＞', // full-width forms
    // javascript: URLs
    'javascript:void(0)',
    'JaVaScRiPt:foo',
    'java\tscript:foo',
    'java\nscript:foo',
    'jav&#x09;ascript:foo',
    'java&Tab;script:foo',
    'javascript&colon;foo',
    'java\u200bscript:foo',
    '  javascript :foo',
    'vbscript:msgbox',
    // inline handlers
    '<img src=x onerror=foo()>',
    '<IMG SRC=x ONERROR = foo>',
    '<svg/onload=foo>',
    '<body onpageshow=foo>',
    '" onmouseover="foo',
    "' onfocus='foo",
    // base64 data URIs
    'data:text/html;base64,PHNjcmlwdD4=',
    'DATA:image/svg+xml;charset=utf-8;base64,AAAA',
    'data:;base64,AAAA',
    'data : text/html ; base64 , AAAA',
    // alert calls
    'alert(1)',
    'ALERT (document.cookie)',
    'alert`1`',
    "window['alert'](1)",
    'al&#x65;rt(1)',
  ])('catches %j', (payload) => {
    expect(isDangerousString(payload)).toBe(true);
  });

  it.each([
    'Hello world',
    'Scripts and scripting are fine words',
    'The script was good',
    '<p>Plain <b>bold</b> text</p>',
    '<a href="https://example.com/java">Java</a>',
    'I love Java; script: none',
    'Turn on notifications',
    'Set it on = off',
    'data: 12 items; base values',
    'alerting the team',
    'Red alert: the venue changed',
    'email@example.com',
    '50% off & free entry',
    'Ctrl+Alt; on error=retry',
    '',
    '😀 日本語 مرحبا',
  ])('lets %j through', (text) => {
    expect(isDangerousString(text)).toBe(false);
  });

  it('normalises entities, percent-encoding and full-width forms', () => {
    expect(normaliseForScan('&lt;b&gt; %41 &#65; ＡＢ')).toBe('<b> A A AB');
  });

  it('survives absurd entities without throwing', () => {
    expect(() => isDangerousString('&#99999999999999999999; &#xFFFFFFFFFFFF; &#xD800;')).not.toThrow();
  });

  it('is linear on adversarial input', () => {
    const inputs = ['<'.repeat(100_000), 'data:'.repeat(40_000), '< a'.repeat(50_000), ' on'.repeat(60_000)];
    const started = Date.now();
    for (const s of inputs) isDangerousString(s);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('containsDangerousContent', () => {
  it.each([
    [{ name: 'ok', bio: '<script>x</script>' }, true],
    [{ '<img src=x onerror=y>': 1 }, true], // keys too
    [[1, 2, ['deep', { x: 'javascript:1' }]], true],
    [{ a: 1, b: null, c: true, d: ['x', { e: 'fine' }] }, false],
    ['plain', false],
    [42, false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (value, expected) => {
    expect(containsDangerousContent(value)).toBe(expected);
  });

  it('finds a payload nested deeper than any recursion limit', () => {
    let value: unknown = 'alert(1)';
    for (let i = 0; i < 10_000; i++) value = { v: [value] };
    expect(containsDangerousContent(value)).toBe(true);
  });

  it('handles cycles', () => {
    const a: Record<string, unknown> = { name: 'x' };
    a.self = a;
    expect(containsDangerousContent(a)).toBe(false);
    a.bad = '<script>';
    expect(containsDangerousContent(a)).toBe(true);
  });

  it('refuses objects whose getters throw', () => {
    const hostile = {};
    Object.defineProperty(hostile, 'x', { enumerable: true, get: () => { throw new Error('boom'); } });
    expect(containsDangerousContent(hostile)).toBe(true);
  });
});

describe('properties', () => {
  it('never throws on any value', () => {
    fc.assert(fc.property(fc.anything(), (v) => typeof containsDangerousContent(v) === 'boolean'));
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => typeof isDangerousString(s) === 'boolean'));
  });

  const payloads = ['<script>', 'javascript:', '<img src=x onerror=', 'data:text/html;base64,', 'alert(1)'];
  const encoders: Record<string, (s: string) => string> = {
    decimal: (s) => [...s].map((c) => `&#${c.codePointAt(0)};`).join(''),
    decimalNoSemicolon: (s) => [...s].map((c) => `&#${c.codePointAt(0)}`).join(''),
    hex: (s) => [...s].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join(''),
    paddedHex: (s) => [...s].map((c) => `&#x000${c.codePointAt(0)!.toString(16).toUpperCase()};`).join(''),
    percent: (s) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    doublePercent: (s) => [...s].map((c) => `%25${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    named: (s) => s.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/:/g, '&colon;').replace(/\(/g, '&lpar;'),
    unicodeEscape: (s) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    fullWidth: (s) => [...s].map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join(''),
  };

  it('catches every payload under any encoding, case mix and padding', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...payloads),
        fc.constantFrom(...Object.keys(encoders)),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        fc.string(),
        fc.string(),
        (payload, encoderName, upper, prefix, suffix) => {
          const mixed = [...payload].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join('');
          const encoded = encoders[encoderName]!(mixed);
          return isDangerousString(`${prefix} ${encoded} ${suffix}`);
        },
      ),
    );
  });

  it('catches javascript: split by any run of whitespace or control characters', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.array(fc.constantFrom(' ', '\t', '\n', '\r', '\u0000', '\u200b', '&#9;', '&#10;'), { minLength: 1, maxLength: 4 }),
        (at, filler) => isDangerousString(`<a href="${'javascript'.slice(0, at)}${filler.join('')}${'javascript'.slice(at)}:x">`),
      ),
    );
  });
});
