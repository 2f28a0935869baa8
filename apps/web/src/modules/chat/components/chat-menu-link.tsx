import '../chat-i18n.ts';
import { ActionIcon, Badge, Box } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEventData } from '../../../app/session-storage.ts';
import { useLiveUnreadChats } from '../hooks/use-unread-chats.ts';

/**
 * Messages in the attendee app's menu (its header, beside sign-out): a link to the chat with the unread count as a
 * badge, kept live over the participant socket. Shown to a participant signed in to this event only.
 */
export function ChatMenuLink({ eventId }: { eventId: string | null }) {
  const { t } = useTranslation();
  const eventData = useEventData();
  const isMine = !!eventId && eventData?.eventId === eventId;
  const unread = useLiveUnreadChats(isMine ? eventId : null, isMine ? (eventData?.eventUserId ?? null) : null);
  if (!isMine) return null;
  const label = unread ? t('chat.menuUnread', { count: unread }) : t('chat.title');
  return (
    <Box pos="relative">
      <ActionIcon component={Link} to="/attendium/chat" variant="subtle" color="gray.8" size="lg" aria-label={label} data-testid="chat-menu-link">
        <IconMessages size={20} aria-hidden />
      </ActionIcon>
      {!!unread && (
        <Badge size="xs" color="red.9" variant="filled" circle pos="absolute" top={-2} right={-4} style={{ pointerEvents: 'none' }} aria-hidden data-testid="chat-menu-badge">
          {unread > 99 ? '99+' : unread}
        </Badge>
      )}
      <Box component="span" aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {unread ? t('chat.menuUnread', { count: unread }) : ''}
      </Box>
    </Box>
  );
}
