/**
 * The chat module's door (STYLE.md: other modules and app/ import only this file). The router loads its page lazily
 * (app/signed-in-routes.tsx: attendium/chat); the attendee home reads the unread count.
 */
export { chatKeys } from './api/chat-api.ts';
export { useUnreadChats } from './hooks/use-unread-chats.ts';
