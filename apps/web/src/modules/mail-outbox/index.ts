/**
 * The mail outbox module's door (STYLE.md: other modules and app/ import only this file). The router loads its page
 * lazily by path (app/signed-in-routes.tsx); the side menu asks whether the server keeps an outbox.
 */
export { useMailOutboxStatus } from './hooks/use-mail-outbox.ts';
