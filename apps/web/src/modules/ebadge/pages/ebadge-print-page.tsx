import '../ebadge-i18n.ts';
import { Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateRange } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { NotReady, QrImage } from '../components/ebadge-actions.tsx';
import { EbadgeLoading, EbadgeProblem } from '../components/ebadge-layout.tsx';
import { useEbadge } from '../hooks.ts';

const PRINT_CSS = `
@page { size: A6 portrait; margin: 8mm; }
@media print {
  .eb-no-print { display: none !important; }
  body { background: #fff !important; }
  .eb-sheet { box-shadow: none !important; border: 0 !important; margin: 0 !important; }
}`;

/** `eb/print/{eventUserId}`: the e-badge laid out for paper (A6), with a button that opens the print dialog. */
export function EbadgePrintPage() {
  const { t } = useTranslation();
  const { eventUserId = '' } = useParams();
  const badge = useEbadge(eventUserId);
  usePageTitle(badge.data ? `${t('ebadge.print')} · ${badge.data.attendee.firstName}` : t('ebadge.print'));
  if (badge.isPending) return <EbadgeLoading kicker={t('ebadge.kicker')} />;
  if (badge.isError) return <EbadgeProblem kicker={t('ebadge.kicker')} error={badge.error} onRetry={() => void badge.refetch()} />;
  const b = badge.data;
  const name = `${b.attendee.firstName} ${b.attendee.lastName}`.trim();
  return (
    <Box component="main" p="md" bg="gray.1" mih="100vh">
      <style>{PRINT_CSS}</style>
      <Group className="eb-no-print" justify="space-between" maw={420} mx="auto" mb="md">
        <Anchor component={Link} to={`/eb/${encodeURIComponent(b.eventUserId)}`}>
          {t('ebadge.back')}
        </Anchor>
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} disabled={!b.isAdmissible}>
          {t('ebadge.printNow')}
        </Button>
      </Group>
      <Text className="eb-no-print" size="sm" c="dimmed" ta="center" mb="md">
        {t('ebadge.printHint')}
      </Text>
      <Box className="eb-sheet" bg="white" maw={420} mx="auto" style={{ border: '1px solid #ccd', boxShadow: '0 4px 16px rgba(0,0,0,.08)' }}>
        <Box bg="#2f3b52" c="white" p="md" ta="center">
          <Text fw={800} fz={20}>
            {b.event.name}
          </Text>
          <Text size="sm">
            {formatDateRange(b.event.startDate, b.event.endDate)}
            {b.event.venue ? ` · ${b.event.venue}` : ''}
          </Text>
        </Box>
        <Stack align="center" gap="xs" p="lg">
          <Title order={1} fz={30} ta="center" c="black" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {b.categoryName && (
            <Text fz={18} fw={600} c="black">
              {b.categoryName}
            </Text>
          )}
          {b.credential ? <QrImage badge={b} size={220} /> : <NotReady badge={b} />}
          <Text c="black">{b.ticketName}</Text>
          <Text fw={800} c="black">
            {t('ebadge.registrationNo')} {b.registrationNo}
          </Text>
        </Stack>
      </Box>
    </Box>
  );
}
