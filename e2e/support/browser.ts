import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT_DIR = join(process.cwd(), 'e2e', 'screenshots');

/** One Chromium per worker process and set of flags (files share a worker: `isolate: false`), started on first use. */
const launched = new Map<string, Promise<Browser>>();

/**
 * The worker's Chromium for these flags (`extraArgs` are added to the defaults, e.g. the fake camera flags of
 * e2e/onsite). Each file gets its own handle: its `close()` closes the contexts that file opened, not the browser,
 * which the next file of the worker reuses (about a second of CPU a launch on this machine); Playwright ends it when
 * the worker exits.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const key = extraArgs.join(' ');
  let pending = launched.get(key);
  if (!pending) {
    pending = chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', ...extraArgs],
    });
    launched.set(key, pending);
  }
  const browser = await pending;
  if (!browser.isConnected()) {
    launched.delete(key);
    return launchBrowser(extraArgs);
  }
  const mine = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    mine.add(context);
    context.on('close', () => mine.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, prop) {
      if (prop === 'close') return async () => void (await Promise.all([...mine].map((c) => c.close().catch(() => undefined))));
      if (prop === 'newContext') return async (...args: Parameters<Browser['newContext']>) => track(await target.newContext(...args));
      if (prop === 'newPage') {
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args);
          track(page.context());
          return page;
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export async function newContext(browser: Browser, baseURL: string, options: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: options.width ?? 1280, height: options.height ?? 800 } });
}

/** Fails the test on uncaught page errors; collects console errors for the report. */
export function watchPage(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { errors };
}

/** Lets entering transitions (a toast sliding in, a modal fading) finish: mid-fade text fails colour contrast. */
async function settleAnimations(page: Page): Promise<void> {
  // A transition that has not started yet is not in getAnimations(), so wait two frames first and look again after
  // each batch ends. Endless animations (spinners) are ignored; the whole wait stops after 2 s.
  await page.evaluate(async () => {
    const deadline = Date.now() + 2000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    await frame();
    await frame();
    while (Date.now() < deadline) {
      const running = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity && a.playState !== 'finished' && a.playState !== 'idle');
      if (running.length === 0) break;
      await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
      await frame();
    }
  });
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const requireFromHere = createRequire(import.meta.url);
let axeSource: string | undefined;

async function seriousViolations(page: Page): Promise<string[]> {
  // axe-core itself, injected into the page once per document (an in-app navigation keeps it) and run there on the
  // document only, returning its violations alone. @axe-core/playwright injected it anew for every check and built
  // the full results: twice the time per check. The app's frames are a mail's own sandboxed markup (checked in its
  // plain-text tab, mail-outbox.e2e.ts) and nothing else of ours, so frames are not entered.
  if (!(await page.evaluate(() => 'axe' in window))) {
    axeSource ??= readFileSync(requireFromHere.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return bad.map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 3).join(' | ')}`);
}

/**
 * axe-core on the current page: no serious or critical violations. A page caught mid-change (a refetch swapping a
 * table, a toast still arriving) is looked at once more after 750 ms; what is still wrong then fails the test.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await settleAnimations(page);
  let summary = await seriousViolations(page);
  if (summary.length > 0) {
    await page.waitForTimeout(750);
    await settleAnimations(page);
    summary = await seriousViolations(page);
  }
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * What the user sees, for people to look at (not an assertion): the viewport, as the user's screen shows it. A
 * full-page capture resizes the page for a moment, which fires the small-screen media query on a desktop viewport (the
 * desktop hint then opened over an organiser's dialog in one run) and paints fixed headers in the middle of the picture.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * Follows a same-site link of the page's main content as a user does: a click (the app's own navigation) when the link
 * is shown and opens in the same tab, else a load of its address. Resolves once the address is the link's.
 */
export async function openLink(page: Page, href: string): Promise<void> {
  const path = href.split('?')[0]!;
  const link = page.locator(`main a[href="${href.replace(/["\\]/g, '\\$&')}"]`).first();
  const isClickable = (await link.isVisible()) && (await link.getAttribute('target')) !== '_blank';
  if (isClickable) await link.click();
  else await page.goto(href);
  await page.waitForURL((u) => u.pathname === path, { timeout: 15_000 });
}

/** Back to the page a link was followed from (the browser's Back; a load of it if Back went elsewhere). */
export async function returnTo(page: Page, landing: string): Promise<void> {
  const path = new URL(landing, page.url()).pathname;
  await page.goBack();
  if (new URL(page.url()).pathname !== path) await page.goto(landing);
}
