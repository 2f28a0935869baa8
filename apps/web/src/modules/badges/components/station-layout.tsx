import '../badges-i18n.ts';
import type { ReactNode } from 'react';
import { Anchor, Box, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../ui/use-page-title.ts';

/** Full-screen kiosk frame of the venue desk pages (no dashboard shell, large type). */
export function StationLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" px="lg" py="sm" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={1} fz={{ base: 20, sm: 26 }}>
          {title}
        </Title>
        <Anchor component={Link} to="/app/badges/stations" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('badges.station.exit')}
          </Group>
        </Anchor>
      </Group>
      <Box component="main" p={{ base: 'sm', sm: 'lg' }} maw={1280} mx="auto">
        {children}
      </Box>
    </Box>
  );
}
