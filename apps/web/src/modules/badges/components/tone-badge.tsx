import { Badge, type BadgeProps } from '@mantine/core';

/** Text colours with ≥ 4.5:1 contrast on their colour's lightest tint (Mantine's light badge text falls short). */
const TEXT: Record<string, string> = { teal: '#05603f', orange: '#8f3b00', brand: 'var(--mantine-color-brand-9)', gray: 'var(--mantine-color-gray-8)' };

export function ToneBadge({ color = 'brand', children, ...props }: Omit<BadgeProps, 'color' | 'variant' | 'style'> & { color?: keyof typeof TEXT; children: React.ReactNode }) {
  const text = TEXT[color];
  return (
    <Badge variant="light" color={color} style={{ color: text, background: `var(--mantine-color-${color}-0)` }} {...props}>
      {children}
    </Badge>
  );
}
