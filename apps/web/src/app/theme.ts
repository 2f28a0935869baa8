import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Brand indigo. Shade 7 is the primary shade: white text on it is 7.3:1 and it reads 6.4:1 on its light tint,
// so filled buttons, links and light badges all pass WCAG AA (axe colour-contrast).
const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dde0fb',
  '#b8bef3',
  '#9099ec',
  '#6e78e5',
  '#5862e1',
  '#4c55df',
  '#3d46c6',
  '#353eb2',
  '#2a359e',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    // A toast with a title draws its text in gray.6 (3.3:1 on white, under WCAG AA's 4.5:1); gray.7 reads 7:1.
    Notification: { styles: { description: { color: 'var(--mantine-color-gray-7)' } } },
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 }, closeButtonProps: { 'aria-label': 'Close dialog' } } },
  },
});

/** Mantine's defaults for dimmed, error and placeholder text fall below 4.5:1 on white; darken them. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-7)',
  },
  dark: {},
});
