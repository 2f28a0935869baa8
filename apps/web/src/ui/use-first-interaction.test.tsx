// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useOnFirstInteraction } from './use-first-interaction.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ calls }: { calls: string[] }) {
  useOnFirstInteraction(() => calls.push('run'));
  return null;
}

describe('useOnFirstInteraction', () => {
  it('runs nothing while the page loads, once at the first key or pointer press, and never after unmount', async () => {
    const calls: string[] = [];
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(<Probe calls={calls} />));
    expect(calls).toEqual([]);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    window.dispatchEvent(new Event('pointerdown'));
    expect(calls).toEqual(['run']);

    const later: string[] = [];
    await act(async () => root.render(<Probe key="second" calls={later} />));
    await act(async () => root.unmount());
    window.dispatchEvent(new Event('pointerdown'));
    expect(later).toEqual([]);
  });
});
