import { Badge, type BadgeProps } from '@mantine/core';

/** Text colours that keep ≥ 4.5:1 on their colour's lightest tint (Mantine's light badge text does not). */
const TEXT: Record<string, string> = {
  teal: '#05603f',
  orange: '#8f3b00',
  red: 'var(--mantine-color-red-9)',
  gray: 'var(--mantine-color-gray-8)',
  brand: 'var(--mantine-color-brand-9)',
  grape: 'var(--mantine-color-grape-9)',
};

/** A light status badge that passes WCAG AA colour contrast (axe) for every status colour the module uses. */
export function StatusBadge({
  color = 'brand',
  style,
  ...props
}: BadgeProps & { color?: string; children?: React.ReactNode } & Omit<React.ComponentPropsWithoutRef<'div'>, 'color' | 'style'>) {
  const text = TEXT[color] ?? `var(--mantine-color-${color}-9)`;
  const isOutline = props.variant === 'outline';
  return (
    <Badge
      variant="light"
      color={color}
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
      style={{ color: text, ...(isOutline ? { borderColor: text } : { background: `var(--mantine-color-${color}-0)` }), ...(style as object) }}
      {...props}
    />
  );
}
