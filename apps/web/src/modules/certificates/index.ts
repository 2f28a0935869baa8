/**
 * The certificates module's door (STYLE.md: other modules and app/ import only this file). The router loads its pages lazily
 * by path (app/router.tsx, app/signed-in-routes.tsx); no other module needs anything of it yet.
 */
export {};
