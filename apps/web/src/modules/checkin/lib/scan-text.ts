/**
 * Text from a keyboard-wedge scanner, a paste or a camera decode, made comparable: wedge scanners may add a
 * prefix/suffix of control characters (CR, LF, TAB, GS) and people paste with surrounding spaces.
 */
export function cleanScanText(raw: string): string {
  return raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

/**
 * A camera sees the same badge for many frames: report a code once, then ignore it until `quietMs` has passed
 * since it was last reported. Another code is reported at once.
 */
export function createRepeatGuard(quietMs: number, now: () => number = Date.now) {
  let last: { text: string; at: number } | null = null;
  return {
    accept(text: string): boolean {
      const t = now();
      if (last && last.text === text && t - last.at < quietMs) return false;
      last = { text, at: t };
      return true;
    },
    reset() {
      last = null;
    },
  };
}
