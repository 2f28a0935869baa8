import '../notifications-i18n.ts';
import { Box, Button, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell, IconBellOff, IconCalendarEvent, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotification } from '@pavilion/domain/notifications/notifications.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { notificationsApi, notificationsKeys } from '../api/notifications-api.ts';
import { useInbox } from '../hooks/use-inbox.ts';
import { NoticeItem } from './notice-item.tsx';

function KindIcon({ kind }: { kind: string }) {
  const Icon = kind === 'ANNOUNCEMENT' ? IconSpeakerphone : kind.startsWith('MEETING_') ? IconCalendarEvent : IconBell;
  return (
    <ThemeIcon variant="light" radius="xl" size="md" aria-hidden>
      <Icon size={16} />
    </ThemeIcon>
  );
}

function Item({ n, onRead, onNavigate, isBusy }: { n: TNotification; onRead: () => void; onNavigate?: () => void; isBusy: boolean }) {
  const { t } = useTranslation();
  return (
    <NoticeItem
      n={n}
      icon={<KindIcon kind={n.kind} />}
      body={
        n.format === 'html' ? (
          // Rich text the server sanitised (DOMPurify) before storing it.
          <Box fz="sm" style={{ overflowWrap: 'anywhere', lineHeight: 1.5 }} dangerouslySetInnerHTML={{ __html: n.body }} />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {n.body}
          </Text>
        )
      }
      link={n.link}
      labels={{ unread: t('notifications.inbox.unread'), open: t('notifications.inbox.open'), markRead: t('notifications.inbox.markRead'), markReadLabel: t('notifications.inbox.markReadOf', { title: n.title }) }}
      onRead={onRead}
      onOpen={onNavigate}
      isBusy={isBusy}
      testId="notification-item"
      isFramed
    />
  );
}

/** The participant's notifications, newest first, with mark-as-read and mark-all-read (the bell's drawer). */
export function NotificationsInbox({ eventId, onNavigate }: { eventId: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [pageSize, setPageSize] = useState(20);
  const inbox = useInbox(eventId, pageSize);
  const refresh = () => qc.invalidateQueries({ queryKey: notificationsKeys.inbox(eventId) });
  const markRead = useMutation({ mutationFn: (id: string) => notificationsApi.markRead(eventId, id), onSuccess: refresh, onError: (err) => toast(errorMessage(err, t), 'error') });
  const markAll = useMutation({ mutationFn: () => notificationsApi.markAllRead(eventId), onSuccess: refresh, onError: (err) => toast(errorMessage(err, t), 'error') });

  if (inbox.isPending) return <Skeleton h={120} />;
  if (inbox.isError || !inbox.data) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text c="dimmed">{t('notifications.inbox.loadError')}</Text>
        <Button size="xs" variant="light" onClick={() => void inbox.refetch()}>
          {t('notifications.inbox.retry')}
        </Button>
      </Stack>
    );
  }
  const { items, unread, total } = inbox.data;
  if (items.length === 0) {
    return (
      <Stack gap="xs" align="center" py="xl" ta="center" data-testid="notifications-empty">
        <ThemeIcon variant="light" color="gray" radius="xl" size="xl" aria-hidden>
          <IconBellOff size={24} />
        </ThemeIcon>
        <Text fw={600}>{t('notifications.inbox.empty')}</Text>
        <Text size="sm" c="dimmed">
          {t('notifications.inbox.emptyBody')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {unread ? t('notifications.inbox.unreadSummary', { count: unread }) : t('notifications.inbox.allRead')}
        </Text>
        <Button size="xs" variant="light" onClick={() => markAll.mutate()} disabled={!unread} loading={markAll.isPending}>
          {t('notifications.inbox.markAllRead')}
        </Button>
      </Group>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="notifications-list">
        {items.map((n) => (
          <Item key={n.id} n={n} onRead={() => markRead.mutate(n.id)} onNavigate={onNavigate} isBusy={markRead.isPending && markRead.variables === n.id} />
        ))}
      </Stack>
      {total > items.length && pageSize < 100 && (
        <Button size="xs" variant="subtle" onClick={() => setPageSize((s) => Math.min(100, s + 20))} style={{ alignSelf: 'center' }}>
          {t('notifications.inbox.more')}
        </Button>
      )}
    </Stack>
  );
}
