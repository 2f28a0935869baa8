import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { hasDoubleCurlyVariable, hasHtmlClassAttribute, richTextProblem, zRichText } from './rich-text.ts';

describe('richTextProblem', () => {
  it.each([
    ['<p>Hello</p>', null],
    ['<p class="x">Hello</p>', 'htmlClassNotAllowed'],
    ['<P CLASS = x>Hi</P>', 'htmlClassNotAllowed'],
    ["<div\nclass='a'>", 'htmlClassNotAllowed'],
    ['<img/class=x src=y>', 'htmlClassNotAllowed'],
    ['<p data-class="x">Hi</p>', null], // not a class attribute
    ['<p>class="x" as text</p>', null], // outside a tag
    ['The classroom = 12', null],
    ['Hello {{firstName}}', 'doubleCurlyVariableNotAllowed'],
    ['Hello {{ first_name }}!', 'doubleCurlyVariableNotAllowed'],
    ['{{}}', 'doubleCurlyVariableNotAllowed'],
    ['Hello {firstName}', null],
    ['Hello {{ unclosed', null],
    ['a } } b { {', null],
    ['', null],
  ] as const)('%j → %s', (html, expected) => {
    expect(richTextProblem(html)).toBe(expected);
  });

  it('zRichText carries the spec keys', () => {
    expect(zRichText().safeParse('<b class="c">x</b>').error?.issues[0]?.message).toBe('htmlClassNotAllowed');
    expect(zRichText().safeParse('{{x}}').error?.issues[0]?.message).toBe('doubleCurlyVariableNotAllowed');
    expect(zRichText().safeParse('<b>fine</b>').success).toBe(true);
  });

  it('never throws and stays fast on hostile input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => typeof hasHtmlClassAttribute(s) === 'boolean' && typeof hasDoubleCurlyVariable(s) === 'boolean'),
    );
    const started = Date.now();
    richTextProblem('<a'.repeat(50_000) + '{{'.repeat(50_000));
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
