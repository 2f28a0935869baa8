import '../organiser-inbox-i18n.ts';
import { ActionIcon, Badge, Box, Button, Group, Popover, ScrollArea, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconBell, IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOrganiserNotice } from '@pavilion/domain/notifications/organiser-inbox.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { organiserInboxApi, organiserInboxKeys } from '../api/organiser-inbox-api.ts';
import { NoticeItem } from './notice-item.tsx';

const srOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
/** Only in-app dashboard paths are followed (a notice's link is stored by the server; this is a second guard). */
const isAppPath = (link: string | null): link is string => !!link && link.startsWith('/') && !link.startsWith('//');

function Notice({ n, onRead, onOpen, isBusy }: { n: TOrganiserNotice; onRead: () => void; onOpen: () => void; isBusy: boolean }) {
  const { t } = useTranslation();
  const isAlert = n.kind === 'REFUND_FAILED';
  return (
    <NoticeItem
      n={n}
      icon={
        <ThemeIcon variant="light" color={isAlert ? 'red' : 'brand'} radius="xl" size="md" aria-hidden>
          {isAlert ? <IconAlertTriangle size={16} /> : <IconBell size={16} />}
        </ThemeIcon>
      }
      body={
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {n.body}
        </Text>
      }
      link={isAppPath(n.link) ? n.link : null}
      labels={{ unread: t('organiserInbox.unread'), open: t('organiserInbox.open'), openLabel: t('organiserInbox.openOf', { title: n.title }), markRead: t('organiserInbox.markRead'), markReadLabel: t('organiserInbox.markReadOf', { title: n.title }) }}
      onRead={onRead}
      onOpen={onOpen}
      isBusy={isBusy}
      testId="organiser-notice"
      isFramed={false}
    />
  );
}

/**
 * The organiser dashboard's bell (its header): the member's unread count and, in a popover, their notices with mark
 * read, mark all read and a link to what each is about. Refreshed when the window gets focus and, while an event is
 * selected, at once over the dashboard's organiser socket (`organiserNotice`, use-live-counts.ts).
 */
export function OrganiserBell() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [isOpen, popover] = useDisclosure(false);
  const [pageSize, setPageSize] = useState(10);
  const inbox = useQuery({
    queryKey: organiserInboxKeys.list(pageSize),
    queryFn: ({ signal }) => organiserInboxApi.list({ page: 1, pageSize }, signal),
    refetchOnWindowFocus: 'always',
    staleTime: 30_000,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: organiserInboxKeys.all });
  const markRead = useMutation({ mutationFn: (id: string) => organiserInboxApi.markRead(id), onSuccess: refresh, onError: (err) => toast(errorMessage(err, t), 'error') });
  const markAll = useMutation({ mutationFn: () => organiserInboxApi.markAllRead(), onSuccess: refresh, onError: (err) => toast(errorMessage(err, t), 'error') });

  const unread = inbox.data?.unread ?? 0;
  const label = unread ? t('organiserInbox.labelUnread', { count: unread }) : t('organiserInbox.label');
  const items = inbox.data?.items ?? [];
  return (
    <Box pos="relative">
      {/* The popover's target is the button itself: Mantine puts aria-haspopup/expanded/controls on it. */}
      <Popover opened={isOpen} onChange={(o) => (o ? popover.open() : popover.close())} position="bottom-end" width={380} shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={label} onClick={popover.toggle} data-testid="organiser-bell">
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" role="dialog" aria-labelledby="organiser-inbox-title" data-testid="organiser-inbox">
        <Group justify="space-between" px="xs" pb="xs">
          <Title order={2} fz="md" id="organiser-inbox-title">
            {t('organiserInbox.title')}
          </Title>
          {!!unread && (
            <Button size="compact-xs" variant="subtle" onClick={() => markAll.mutate()} loading={markAll.isPending}>
              {t('organiserInbox.markAllRead')}
            </Button>
          )}
        </Group>
        {inbox.isPending ? (
          <Skeleton h={80} />
        ) : inbox.isError ? (
          <Stack gap="xs" align="flex-start" p="xs">
            <Text c="dimmed" size="sm">
              {t('organiserInbox.loadError')}
            </Text>
            <Button size="xs" variant="light" onClick={() => void inbox.refetch()}>
              {t('organiserInbox.retry')}
            </Button>
          </Stack>
        ) : items.length === 0 ? (
          <Stack gap={4} align="center" py="lg" ta="center" data-testid="organiser-inbox-empty">
            <ThemeIcon variant="light" color="gray" radius="xl" size="lg" aria-hidden>
              <IconBellOff size={20} />
            </ThemeIcon>
            <Text fw={600} size="sm">
              {t('organiserInbox.empty')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('organiserInbox.emptyBody')}
            </Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack component="ul" gap={4} m={0} p={0}>
              {items.map((n) => (
                <Notice key={n.id} n={n} onRead={() => markRead.mutate(n.id)} onOpen={popover.close} isBusy={markRead.isPending && markRead.variables === n.id} />
              ))}
            </Stack>
            {inbox.data.total > items.length && (
              <Button fullWidth size="xs" variant="subtle" mt="xs" onClick={() => setPageSize((s) => Math.min(100, s + 20))}>
                {t('organiserInbox.more')}
              </Button>
            )}
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
      </Popover>
      {!!unread && (
        <Badge size="xs" color="red.9" variant="filled" circle pos="absolute" top={-2} right={-4} style={{ pointerEvents: 'none' }} aria-hidden data-testid="organiser-bell-badge">
          {unread > 99 ? '99+' : unread}
        </Badge>
      )}
      <Box component="span" aria-live="polite" style={srOnly}>
        {unread ? label : ''}
      </Box>
    </Box>
  );
}
