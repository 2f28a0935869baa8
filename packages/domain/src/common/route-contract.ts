import type { z } from 'zod';
import type { TAccessCodeString } from '../access/access-codes.ts';

/**
 * Route contracts (issue 13): every API is declared once, as data, in packages/domain. The server registers its
 * Fastify route from the contract (apps/server/src/platform/contract-routes.ts), OpenAPI is generated from the
 * registered routes, and the web client is typed from the same objects (apps/web/src/app/api-client.ts `api.call`),
 * with `import type` only, so no schema runtime reaches the browser's bundles.
 */
export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route requires (the server's auth guard enforces it):
 * public: anyone · user: any logged-in user · member: a user acting inside an organisation, any role (what they read
 * is gated item by item: the organiser inbox) · organiser: a user acting inside an organisation, holding `access` ·
 * refresh: the access or the refresh token · device: a check-in device's own token.
 */
export type TRouteAuth = 'public' | 'user' | 'member' | 'organiser' | 'refresh' | 'device';

/** A response that is not the JSON envelope: a file or text of this content type (PDF, PNG, CSV, ICS, SVG). */
export type TFileResponse = { readonly kind: 'file'; readonly contentType: string };
export const fileResponse = (contentType: string): TFileResponse => ({ kind: 'file', contentType });

export type TRouteContract = {
  readonly method: THttpMethod;
  /** The whole path, `:name` for a parameter. */
  readonly path: `/${string}`;
  readonly auth: TRouteAuth;
  /** SPEC §2.7 action code an organiser's role must hold (organiser routes). */
  readonly access?: TAccessCodeString;
  readonly summary?: string;
  readonly tags?: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  /** The `data` of the `{status: 'OK', data}` envelope, or a file. */
  readonly response: z.ZodType | TFileResponse;
  /** The success status (200 unless said). */
  readonly status?: 200 | 201 | 202 | 204;
  /** Left out of the OpenAPI document. */
  readonly hidden?: boolean;
};

/** A module's contracts: a record of named routes. `as const` typing keeps each path and method literal. */
export function defineRoutes<const T extends Record<string, TRouteContract>>(routes: T): T {
  return routes;
}

type TInputOf<S> = S extends z.ZodType ? z.input<S> : never;
type TOutputOf<S> = S extends z.ZodType ? z.output<S> : never;

/** The key the web client calls a route by: `GET /api/…/:eventId`. */
export type TRouteKey<C extends TRouteContract> = `${C['method']} ${C['path']}`;

/** What a caller sends: params, query and body, each only where the contract has it. */
export type TRouteInput<C extends TRouteContract> = (C['params'] extends z.ZodType ? { params: TInputOf<C['params']> } : { params?: never }) &
  (C['query'] extends z.ZodType ? { query?: TInputOf<C['query']> } : { query?: never }) &
  (C['body'] extends z.ZodType ? { body: TInputOf<C['body']> } : { body?: never });

/** What a caller gets: the envelope's data as the server serialises it, or a Blob for a file. */
export type TRouteData<C extends TRouteContract> = C['response'] extends z.ZodType ? TOutputOf<C['response']> : Blob;

/** What a handler receives once the server validated the request. */
export type TRouteRequest<C extends TRouteContract> = {
  params: C['params'] extends z.ZodType ? TOutputOf<C['params']> : Record<string, never>;
  query: C['query'] extends z.ZodType ? TOutputOf<C['query']> : Record<string, never>;
  body: C['body'] extends z.ZodType ? TOutputOf<C['body']> : undefined;
};

/** What a handler returns: the data the envelope carries (the server checks it against the response schema). */
export type TRouteResult<C extends TRouteContract> = C['response'] extends z.ZodType ? z.input<C['response']> : never;

/** Every route of a contracts record, as a union. */
export type TRoutesOf<T extends Record<string, TRouteContract>> = T[keyof T];

/** Fills `:name` segments from params (each URI-encoded). */
export function routePath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
