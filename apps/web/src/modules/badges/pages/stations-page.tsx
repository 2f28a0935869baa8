import '../badges-i18n.ts';
import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPrinter, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../../../app/access.ts';
import { useCurrentEventId } from '../../../app/selected-event.ts';

/** /app/badges/stations: links to the full-screen pages the venue desk keeps open. */
export function BadgeStationsPage() {
  const { t } = useTranslation();
  const [eventId] = useCurrentEventId();
  const access = useAccess();
  const id = encodeURIComponent(eventId ?? '');
  return (
    <Stack>
      <Text c="dimmed">{t('badges.station.stationsBody')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder p="lg">
          <Button component={Link} to={`/badge-printing/${id}`} leftSection={<IconPrinter size={16} />} variant="light" fullWidth>
            {t('badges.station.openStation')}
          </Button>
        </Paper>
        {access.can('AP-95') && (
          <Paper withBorder p="lg">
            <Button component={Link} to={`/register-badge-print/${id}`} leftSection={<IconUserPlus size={16} />} variant="light" fullWidth>
              {t('badges.station.openWalkIn')}
            </Button>
          </Paper>
        )}
        <Paper withBorder p="lg">
          <Button component={Link} to={`/search-print-badge-user/${id}`} leftSection={<IconSearch size={16} />} variant="light" fullWidth>
            {t('badges.station.openSearch')}
          </Button>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
