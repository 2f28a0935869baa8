import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A signed-in attendee's own page, phone first: a way back, the title, a line of intro, then the page. */
export function AttendeePage({ back, title, intro, children }: { back: { to: string; label: string }; title: string; intro?: string; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Container component="main" size={640} px="md" py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Anchor component={Link} to={back.to} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              {back.label}
            </Group>
          </Anchor>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {intro && <Text c="dimmed">{intro}</Text>}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
