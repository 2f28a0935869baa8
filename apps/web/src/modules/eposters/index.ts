/**
 * The e-posters module's door (STYLE.md: other modules and app/ import only this file). The router loads its pages
 * lazily by path: the organiser's tab (app/sessions/eposters) and the web portal's E-Poster entry
 * (attendium-v2/e-poster and attendium-v2/e-poster/{posterId}).
 */
export { epostersKeys } from './api/eposters-api.ts';
