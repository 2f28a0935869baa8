import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';

export type TEmptyStateProps = {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
};

export function EmptyState({ icon, title, description, action, headingLevel = 2 }: TEmptyStateProps) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={headingLevel} fz="h3">
        {title}
      </Title>
      {description && (
        <Text c="dimmed" maw={460}>
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}
