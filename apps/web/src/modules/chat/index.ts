/**
 * The chat module's door (STYLE.md: other modules and app/ import only this file). The router loads its page lazily
 * (app/signed-in-routes.tsx: attendium/chat); the attendee home reads the unread count; the attendee app's header shows it live (ChatMenuLink).
 */
export { chatKeys } from './api/chat-api.ts';
export { useUnreadChats } from './hooks/use-unread-chats.ts';
/** The participant's one /chatservices connection, shared with the modules that use the chat socket (modules/live). */
export { useParticipantSocket, type ParticipantSocket } from './socket/participant-socket.ts';
export { ChatMenuLink } from './components/chat-menu-link.tsx';
