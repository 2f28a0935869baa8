import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { themeCssText } from './theme-css.ts';

describe('theme-variables.css', () => {
  it('is what MantineProvider would write for app/theme.ts (run npm run theme-css -w @pavilion/web after a theme change)', () => {
    const file = readFileSync(new URL('./theme-variables.css', import.meta.url), 'utf8');
    expect(file).toBe(themeCssText());
  });

  it('carries the brand colour and our contrast fixes, light and dark', () => {
    const css = themeCssText();
    expect(css).toContain('--mantine-color-brand-7: #3d46c6');
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-brand-filled)');
    expect(css).toMatch(/\[data-mantine-color-scheme="light"\][^}]*--mantine-color-brand-filled: var\(--mantine-color-brand-7\)/);
    expect(css).toMatch(/\[data-mantine-color-scheme="light"\][^}]*--mantine-color-dimmed: var\(--mantine-color-gray-7\)/);
    expect(css).toMatch(/\[data-mantine-color-scheme="dark"\]\{/);
  });
});
