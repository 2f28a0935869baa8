import type { ReactNode } from 'react';
import { Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';

/** The one honest "not available yet" panel, naming the feature a route is reserved for. */
export function NotAvailable({
  badge,
  title,
  body,
  actions,
  isFramed = true,
}: {
  badge: string;
  title: string;
  body: string;
  actions?: ReactNode;
  isFramed?: boolean;
}) {
  const content = (
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconHourglassEmpty size={32} />
        </ThemeIcon>
        <Badge variant="light" size="lg">
          {badge}
        </Badge>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={480}>
          {body}
        </Text>
        {actions}
      </Stack>
  );
  if (!isFramed) return content;
  return (
    <Paper withBorder p={{ base: 'lg', sm: 40 }} maw={640} mx="auto" my="xl" shadow="xs">
      {content}
    </Paper>
  );
}
