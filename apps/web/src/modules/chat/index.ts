/**
 * The chat module's door (STYLE.md: other modules and app/ import only this file). The router loads its page lazily
 * (app/signed-in-routes.tsx: attendium/chat); nothing else of it is shared yet.
 */
export { chatKeys } from './api/chat-api.ts';
