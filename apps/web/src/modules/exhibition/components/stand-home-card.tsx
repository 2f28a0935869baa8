import '../exhibition-i18n.ts';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { myStandCompanyApi, myStandKeys } from '../api/my-stand-api.ts';
import { StandLinks } from './stand-links.tsx';

/**
 * The participant home's "My stand" card, for the admin and the staff of an exhibiting company of the event (the
 * server says who they are, whatever their user type); nothing for anyone else.
 */
export function StandHomeCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const membership = useQuery({ queryKey: myStandKeys.membership(eventId), queryFn: ({ signal }) => myStandCompanyApi.membership(eventId, signal), enabled: !!eventId, retry: false });
  const m = membership.data;
  if (!m?.role || !m.company) return null;
  const company = m.company.name;
  return (
    <Paper component="section" aria-labelledby="home-stand" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
            <IconBuildingStore size={20} />
          </ThemeIcon>
          <Title order={2} fz="h4" id="home-stand">
            {t('exhibition.stand.homeTitle')}
          </Title>
        </Group>
        <Text size="sm">{m.role === 'admin' ? t('exhibition.stand.homeBody', { company }) : t('exhibition.stand.homeBodyStaff', { company })}</Text>
        <Button component={Link} to={`/attendium/stand?eventId=${encodeURIComponent(eventId)}`} size="sm" aria-label={t('exhibition.stand.openLabel', { company })} style={{ alignSelf: 'flex-start' }}>
          {t('exhibition.stand.open')}
        </Button>
        <StandLinks eventId={eventId} size="xs" />
      </Stack>
    </Paper>
  );
}
