/**
 * The auth module's door (STYLE.md: other modules and app/ import only this file). The router loads its pages
 * lazily by path (app/router.tsx); what other modules use is listed here, light things only, so that importing this
 * file never pulls a page into someone else's chunk.
 */
export { authApi } from './api/auth-api.ts';
export { LoginLinkModal } from './components/login-link-modal.tsx';
