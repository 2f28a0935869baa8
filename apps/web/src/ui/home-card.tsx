import { Group, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One block of a participant's home: an icon, a heading (`id` names the section for screen readers) and what it holds.
 * Here, not in modules/attendee, so that a module's own home card (programme's "You are a speaker") looks the same
 * without importing the attendee module that renders it.
 */
export function HomeCard({ icon, title, id, children }: { icon: ReactNode; title: string; id: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2} fz="h4" id={id}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
