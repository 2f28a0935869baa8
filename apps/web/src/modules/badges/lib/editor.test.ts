import { describe, expect, it } from 'vitest';
import { clampElement, fitToPage, moveElement, newElement, resizeElement } from './editor.ts';

describe('badge editor steps', () => {
  const qr = { id: 'qr1', type: 'qr' as const, x: 10, y: 10, width: 30, height: 30 };

  it('moves an element and stops at the page edge', () => {
    expect(moveElement(qr, 5, -20, 'A6')).toMatchObject({ x: 15, y: 0 });
    expect(moveElement(qr, 500, 500, 'A6')).toMatchObject({ x: 75, y: 118 });
  });

  it('resizes an element, never below 2 mm nor past the page', () => {
    expect(resizeElement(qr, -100, 5, 'A6')).toMatchObject({ width: 2, height: 35 });
    expect(resizeElement(qr, 500, 0, 'A6')).toMatchObject({ x: 10, width: 95 });
  });

  it('fits elements into a smaller page when the page size changes', () => {
    const [fitted] = fitToPage([{ ...qr, x: 80, width: 20 }], 'CR80');
    expect(fitted!.x + fitted!.width).toBeLessThanOrEqual(53.98);
  });

  it('makes new elements inside the page with unique ids', () => {
    const a = newElement('text', [], 'CR80');
    const b = newElement('text', [a], 'CR80');
    expect(a.id).not.toBe(b.id);
    const made = [[a, 'CR80'], [newElement('qr', [], 'CR80'), 'CR80'], [newElement('band', [], '4x6'), '4x6'], [newElement('image', [], 'A4_2x2'), 'A4_2x2']] as const;
    for (const [el, size] of made) expect(clampElement(el, size)).toEqual(el);
  });
});
