import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_PAGES } from './first-paint.ts';

/* The server preloads these pages' chunks; each must be a page module the router really loads for that path. */
describe('first-paint pages', () => {
  it('name page modules that app/router.tsx loads lazily, each path once', () => {
    const router = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
    for (const page of FIRST_PAINT_PAGES) {
      expect(router, page.path).toContain(`import('../${page.page.replace(/^src\//, '')}')`);
      expect(router, page.path).toContain(`path: '${page.path.slice(1)}'`);
    }
    expect(new Set(FIRST_PAINT_PAGES.map((p) => p.path)).size).toBe(FIRST_PAINT_PAGES.length);
  });
});
