import type { ReactNode } from 'react';
import { Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const formatWhen = (iso: string) => new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** What both inboxes show of a notice (the participant's `TNotification`, the organiser's `TOrganiserNotice`). */
export type NoticeItemData = { id: string; title: string; createdAt: string; readAt: string | null };

/**
 * One notice of a list: its icon, title with an Unread badge, body, time, "Open" (marks it read first) and
 * "Mark as read". The participant's inbox and the organiser's bell both render their notices with it; each gives its
 * own strings (its own translation namespace), icon, body and frame.
 */
export function NoticeItem({
  n,
  icon,
  body,
  link,
  labels,
  onRead,
  onOpen,
  isBusy,
  testId,
  isFramed,
}: {
  n: NoticeItemData;
  icon: ReactNode;
  body: ReactNode;
  /** An in-app path to what the notice is about, or null. */
  link: string | null;
  labels: { unread: string; open: string; openLabel?: string; markRead: string; markReadLabel: string };
  onRead: () => void;
  onOpen?: () => void;
  isBusy: boolean;
  testId: string;
  /** A bordered card (the participant's drawer) rather than a plain row (the organiser's popover). */
  isFramed: boolean;
}) {
  const isUnread = !n.readAt;
  const headingId = `${testId}-${n.id}`;
  return (
    <Box
      component="li"
      p="sm"
      bg={isUnread ? 'brand.0' : undefined}
      bd={isFramed ? '1px solid var(--mantine-color-default-border)' : undefined}
      style={{ borderRadius: isFramed ? 'var(--mantine-radius-md)' : 8, listStyle: 'none' }}
      aria-labelledby={headingId}
      data-testid={testId}
      data-unread={isUnread || undefined}
    >
      <Group gap="sm" align="flex-start" wrap="nowrap">
        {icon}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={3} fz="sm" fw={isUnread ? 700 : 500} id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {n.title}
            </Title>
            {isUnread && (
              <Badge size="xs" color="red.9" variant="filled" style={{ flexShrink: 0 }}>
                {labels.unread}
              </Badge>
            )}
          </Group>
          {body}
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed" component="time" dateTime={n.createdAt}>
              {formatWhen(n.createdAt)}
            </Text>
            <Group gap={4}>
              {link && (
                <Button
                  component={Link}
                  to={link}
                  size="compact-xs"
                  variant="light"
                  aria-label={labels.openLabel}
                  onClick={() => {
                    if (isUnread) onRead();
                    onOpen?.();
                  }}
                >
                  {labels.open}
                </Button>
              )}
              {isUnread && (
                <Button size="compact-xs" variant="subtle" onClick={onRead} loading={isBusy} aria-label={labels.markReadLabel}>
                  {labels.markRead}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </Group>
    </Box>
  );
}
