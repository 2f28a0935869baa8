import '../notifications-i18n.ts';
import { ActionIcon, Badge, Box, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useEventData } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { useParticipantSocket } from '../../chat/index.ts';
import { notificationsKeys } from '../api/notifications-api.ts';
import { useInbox } from '../hooks/use-inbox.ts';
import { NotificationsInbox } from './notifications-inbox.tsx';

/** An organiser's announcement stays 10 s on screen (other toasts 4 s): it is read, not glanced at. */
const ANNOUNCEMENT_TOAST_MS = 10_000;

const srOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * The attendee app's bell (its header): the unread count, kept live over the shared participant socket, and the inbox
 * in a drawer. An announcement or a notice that arrives is shown as a toast too. Only for a participant signed in to
 * this event.
 */
export function NotificationsBell({ eventId }: { eventId: string | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const eventData = useEventData();
  const isMine = !!eventId && eventData?.eventId === eventId;
  const me = isMine ? (eventData?.eventUserId ?? null) : null;
  const { on, onReconnect } = useParticipantSocket(isMine ? eventId : null, me);
  const [isOpen, drawer] = useDisclosure(false);
  const inbox = useInbox(isMine ? eventId : null, 20);

  useEffect(() => {
    if (!eventId || !me) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: notificationsKeys.inbox(eventId) });
    const offs = [
      on('announcement', (a) => {
        toast(a.body, 'info', a.title, ANNOUNCEMENT_TOAST_MS);
        refresh();
      }),
      on('notification', (n) => {
        if (!n.readAt) toast(n.body, 'info', n.title);
        refresh();
      }),
      onReconnect(refresh),
    ];
    return () => offs.forEach((off) => off());
  }, [eventId, me, on, onReconnect, qc]);

  if (!isMine || !eventId) return null;
  const unread = inbox.data?.unread ?? 0;
  const label = unread ? t('notifications.bell.labelUnread', { count: unread }) : t('notifications.bell.label');
  return (
    <Box pos="relative">
      <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={label} aria-haspopup="dialog" aria-expanded={isOpen} onClick={drawer.open} data-testid="notifications-bell">
        <IconBell size={20} aria-hidden />
      </ActionIcon>
      {!!unread && (
        <Badge size="xs" color="red.9" variant="filled" circle pos="absolute" top={-2} right={-4} style={{ pointerEvents: 'none' }} aria-hidden data-testid="notifications-badge">
          {unread > 99 ? '99+' : unread}
        </Badge>
      )}
      <Box component="span" aria-live="polite" style={srOnly}>
        {unread ? t('notifications.bell.labelUnread', { count: unread }) : ''}
      </Box>
      <Drawer opened={isOpen} onClose={drawer.close} position="right" size="md" title={t('notifications.inbox.title')} closeButtonProps={{ 'aria-label': t('notifications.inbox.close') }}>
        <NotificationsInbox eventId={eventId} onNavigate={drawer.close} />
      </Drawer>
    </Box>
  );
}
