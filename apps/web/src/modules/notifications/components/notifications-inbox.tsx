import '../notifications-i18n.ts';
import { Badge, Box, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconBellOff, IconCalendarEvent, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotification } from '@pavilion/domain/notifications/notifications.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { notificationsApi, notificationsKeys } from '../api/notifications-api.ts';
import { useInbox } from '../hooks/use-inbox.ts';

const formatWhen = (iso: string) => new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

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
  const isUnread = !n.readAt;
  const headingId = `notification-${n.id}`;
  return (
    <Paper component="li" withBorder p="sm" radius="md" bg={isUnread ? 'brand.0' : undefined} aria-labelledby={headingId} data-testid="notification-item" data-unread={isUnread || undefined}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <KindIcon kind={n.kind} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={3} fz="sm" fw={isUnread ? 700 : 500} id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {n.title}
            </Title>
            {isUnread && (
              <Badge size="xs" color="red.9" variant="filled" style={{ flexShrink: 0 }}>
                {t('notifications.inbox.unread')}
              </Badge>
            )}
          </Group>
          {n.format === 'html' ? (
            // Rich text the server sanitised (DOMPurify) before storing it.
            <Box fz="sm" style={{ overflowWrap: 'anywhere', lineHeight: 1.5 }} dangerouslySetInnerHTML={{ __html: n.body }} />
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {n.body}
            </Text>
          )}
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed" component="time" dateTime={n.createdAt}>
              {formatWhen(n.createdAt)}
            </Text>
            <Group gap={4}>
              {n.link && (
                <Button
                  component={Link}
                  to={n.link}
                  size="compact-xs"
                  variant="light"
                  onClick={() => {
                    if (isUnread) onRead();
                    onNavigate?.();
                  }}
                >
                  {t('notifications.inbox.open')}
                </Button>
              )}
              {isUnread && (
                <Button size="compact-xs" variant="subtle" onClick={onRead} loading={isBusy} aria-label={t('notifications.inbox.markReadOf', { title: n.title })}>
                  {t('notifications.inbox.markRead')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </Group>
    </Paper>
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
