import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { zOk, type TRouteContract, type TRouteRequest, type TRouteResult } from '@pavilion/domain';
import { requireOrganisation, type AuthUser } from './auth-guard.ts';

/** Server-only options a contract does not carry: throttling and body size belong to this process, not the API. */
export type TRouteOptions = {
  rateLimit?: { max: number; timeWindow: string | number };
  bodyLimit?: number;
  logLevel?: RouteShorthandOptions['logLevel'];
};

export type TContractRequest<C extends TRouteContract> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & TRouteRequest<C>;

/**
 * A JSON route's handler returns the envelope's data (the server wraps and checks it); a file route's handler
 * sends on the reply and returns it. Either may set headers, or a status such as 304, on the reply first.
 */
export type TContractHandler<C extends TRouteContract> = (
  request: TContractRequest<C>,
  reply: FastifyReply,
) => Promise<C['response'] extends z.ZodType ? TRouteResult<C> | FastifyReply : FastifyReply>;

/**
 * Registers one Fastify route from its contract in packages/domain: method, path, auth and access code, and the
 * params/query/body/response schemas (validation, serialisation and the OpenAPI document all come from them).
 * Register on a plugin without a prefix: the contract's path is the whole path.
 */
export function route<C extends TRouteContract>(app: FastifyInstance, contract: C, handler: TContractHandler<C>, options: TRouteOptions = {}): void {
  const status = contract.status ?? 200;
  const isFile = (contract.response as { kind?: unknown }).kind === 'file';
  const response: Record<number, z.ZodType> = {};
  if (!isFile && status !== 204) {
    const envelope = zOk(contract.response as z.ZodType);
    response[status] = envelope;
  }
  app.route({
    method: contract.method,
    url: contract.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    config: { auth: contract.auth, ...(contract.access ? { access: contract.access } : {}), ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    schema: {
      ...(contract.tags ? { tags: [...contract.tags] } : {}),
      ...(contract.summary ? { summary: contract.summary } : {}),
      ...(contract.hidden ? { hide: true } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.headers ? { headers: contract.headers } : {}),
      ...(Object.keys(response).length ? { response } : {}),
    },
    handler: async (request, reply) => {
      const result = await handler(request as unknown as TContractRequest<C>, reply);
      if (result === reply || reply.sent) return reply;
      if (status === 204) return reply.status(204).send();
      if (reply.statusCode === 200 && status !== 200) reply.status(status);
      return reply.send({ status: 'OK', data: result });
    },
  });
}


/**
 * An organiser route's caller as a service's first two arguments: `service.list(...organiser(req), req.params.eventId)`.
 * 403 FORBIDDEN without an organisation (as requireOrganisation).
 */
export function organiser(request: Pick<FastifyRequest, 'user'>): readonly [user: AuthUser, organisationId: string] {
  const { user, organisationId } = requireOrganisation(request);
  return [user, organisationId];
}
