/** The organiser inbox's strings (registered under `organiserInbox`): the dashboard header's bell and its list. */
export const organiserInboxEn = {
  label: 'Notifications',
  labelUnread_one: 'Notifications, {{count}} unread',
  labelUnread_other: 'Notifications, {{count}} unread',
  title: 'Notifications',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  markReadOf: 'Mark as read: {{title}}',
  open: 'Open',
  openOf: 'Open: {{title}}',
  unread: 'Unread',
  empty: 'No notifications',
  emptyBody: 'Alerts about your events, such as a refund that failed at the payment provider, appear here.',
  loadError: 'Your notifications could not be loaded.',
  retry: 'Try again',
  more: 'Show older',
};
