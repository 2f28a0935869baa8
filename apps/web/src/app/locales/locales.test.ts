import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { enDashboard } from './en-dashboard.ts';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The files a module imports statically, followed through relative imports (what loads before the page renders). */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?'(\.[^']+)'/g)) {
    staticClosure(resolve(dirname(file), m[1]!), seen);
  }
  return seen;
}

/** The page modules router.tsx loads with `publicPage(...)`: they render without locales/en-dashboard.ts. */
function publicPageFiles(): string[] {
  const router = readFileSync(resolve(appDir, 'router.tsx'), 'utf8');
  const loaders = new Map<string, string>();
  for (const m of router.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)) loaders.set(m[1]!, m[2]!);
  for (const block of router.matchAll(/const (\w+) = \{([^}]*)\};/g)) {
    for (const m of block[2]!.matchAll(/(\w+): \(\) => import\('([^']+)'\)/g)) loaders.set(`${block[1]}.${m[1]}`, m[2]!);
  }
  const used = [...router.matchAll(/publicPage\(([\w.]+),/g)].map((m) => m[1]!);
  return [...new Set(used)].map((name) => {
    const path = loaders.get(name);
    if (!path) throw new Error(`router.tsx: no loader ${name}`);
    return resolve(appDir, path);
  });
}

describe('app strings', () => {
  it('splits into the shell strings and the dashboard strings without a section in both', () => {
    const shared = Object.keys(en).filter((k) => k in enDashboard);
    expect(shared).toEqual([]);
  });

  it('public pages use no key of the dashboard strings, which they render without', () => {
    const files = publicPageFiles();
    expect(files.some((f) => f.endsWith('cart-registration-page.tsx'))).toBe(true);
    const sections = Object.keys(enDashboard).join('|');
    const keyPattern = new RegExp(`['\`"](?:${sections})\\.[a-zA-Z{$]`, 'g');
    const offenders = [...new Set(files.flatMap((f) => [...staticClosure(f)]))].flatMap((file) => {
      const hits = readFileSync(file, 'utf8').match(keyPattern);
      return hits ? [`${file.slice(appDir.length - 3)}: ${[...new Set(hits)].join(' ')}`] : [];
    });
    expect(offenders).toEqual([]);
  });
});
