import type { ReactNode } from 'react';
import { Box, Center, Container, Paper, Stack, Text } from '@mantine/core';
import { BrandLogo } from './brand-logo.tsx';

/** Public and login pages: brand on top, one card, a quiet footer. */
export function CenteredLayout({
  children,
  width = 440,
  footer,
  brand,
  accentColor,
  cssVariables,
}: {
  children: ReactNode;
  width?: number;
  footer?: ReactNode;
  /** Replaces the Pavilion logo (white-label landing pages). */
  brand?: ReactNode;
  /** A white label's colour: a bar along the top of the card. */
  accentColor?: string;
  /** CSS variables for the page (e.g. a white label's primary colour). */
  cssVariables?: Record<string, string>;
}) {
  return (
    <Box
      mih="100vh"
      style={{ background: 'linear-gradient(160deg, var(--mantine-color-brand-0) 0%, var(--mantine-color-gray-0) 55%)', ...cssVariables }}
    >
      <Container size={width} py={{ base: 'lg', sm: 48 }} px="md">
        <Stack gap="lg">
          <header>
            <Center>
              {brand ?? <BrandLogo size={36} />}
            </Center>
          </header>
          <main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
            <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }} style={accentColor ? { borderTop: `4px solid ${accentColor}` } : undefined}>
              {children}
            </Paper>
          </main>
          <footer>
            <Text size="xs" c="dimmed" ta="center">
              {footer}
            </Text>
          </footer>
        </Stack>
      </Container>
    </Box>
  );
}
