import { describe, expect, it } from 'vitest';
import { criticalCss } from '../../scripts/first-paint-plugin.ts';

/* The CSS the server inlines with a first view (scripts/first-paint-plugin.ts): the stylesheet cut to what it uses. */
describe('criticalCss', () => {
  const css = [
    ':root{--mantine-scale:1}',
    'body{margin:0}',
    ':root[data-mantine-color-scheme=light]{--mantine-color-body:#fff}',
    ':root[data-mantine-color-scheme=dark]{--mantine-color-body:#242424}',
    '.m_4081bf90{display:flex}',
    '.m_aaaa0000{color:red}',
    '.m_4081bf90,.m_aaaa0000{gap:1px}',
    ':where([data-mantine-color-scheme="dark"]) .m_4081bf90{color:#fff}',
    '@media (min-width:48em){.m_aaaa0000{color:blue}}',
    '@media (min-width:48em){.m_4081bf90{gap:2px}}',
  ].join('\n');
  const out = criticalCss(css, new Set(['m_4081bf90']));

  it("keeps the global rules and the listed classes' rules, light scheme included", () => {
    for (const kept of [':root{--mantine-scale:1}', 'body{margin:0}', '--mantine-color-body:#fff', '.m_4081bf90{display:flex}', '.m_4081bf90{gap:1px}', '.m_4081bf90{gap:2px}']) {
      expect(out).toContain(kept);
    }
  });

  it('drops the other components, the dark scheme and what is left empty', () => {
    expect(out).not.toContain('m_aaaa0000');
    expect(out).not.toContain('#242424');
    expect(out).not.toContain('color:#fff}');
    expect(out).not.toContain('color:blue');
    expect(out.match(/@media/g)).toHaveLength(1);
  });
});
