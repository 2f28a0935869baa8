/** WCAG relative luminance of a #rrggbb colour; null when the value is not one. */
export function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return null;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of a colour against white (1 to 21). */
export function contrastWithWhite(hex: string): number {
  const l = luminance(hex);
  return l === null ? 1 : 1.05 / (l + 0.05);
}

/**
 * Whether white text on this colour passes WCAG AA (4.5:1). A white label's colour fills buttons only when it
 * does; otherwise it is used as an accent (a bar), so an organisation's pale brand colour never makes a page unreadable.
 */
export function isReadableWithWhite(hex: string): boolean {
  return contrastWithWhite(hex) >= 4.5;
}

/** CSS variables that make Mantine's primary colour (filled buttons, links, focus) this brand colour. */
export function primaryColorVariables(hex: string): Record<string, string> {
  return {
    '--mantine-primary-color-filled': hex,
    '--mantine-primary-color-filled-hover': `color-mix(in srgb, ${hex} 88%, black)`,
    '--mantine-primary-color-light': `color-mix(in srgb, ${hex} 10%, white)`,
    '--mantine-primary-color-light-hover': `color-mix(in srgb, ${hex} 16%, white)`,
    '--mantine-primary-color-light-color': hex,
    '--mantine-color-anchor': hex,
  };
}
