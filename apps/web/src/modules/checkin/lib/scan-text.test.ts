import { describe, expect, it } from 'vitest';
import { cleanScanText, createRepeatGuard } from './scan-text.ts';

describe('cleanScanText', () => {
  it('strips wedge control characters and surrounding spaces', () => {
    expect(cleanScanText('\u001d PV1:a:b:1:sig\r\n')).toBe('PV1:a:b:1:sig');
    expect(cleanScanText('   ')).toBe('');
  });
});

describe('createRepeatGuard', () => {
  it('reports a code once while it stays in view, and again after the quiet time', () => {
    let now = 0;
    const guard = createRepeatGuard(3000, () => now);
    expect(guard.accept('A')).toBe(true);
    now = 1000;
    expect(guard.accept('A')).toBe(false);
    expect(guard.accept('B')).toBe(true);
    now = 1500;
    expect(guard.accept('A')).toBe(true);
    now = 5000;
    expect(guard.accept('A')).toBe(true);
  });
});
