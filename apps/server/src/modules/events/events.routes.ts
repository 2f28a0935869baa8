import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZEvent,
  ZEventCreateRequest,
  ZEventIdParams,
  ZEventListQuery,
  ZEventPage,
  ZEventUpdateRequest,
  ZPublicEvent,
  zOk,
} from '@pavilion/domain';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import type { EventsService } from './events.service.ts';

const tags = ['events'];

/** Organiser routes under /api/eventservices. */
export const eventsRoutes: FastifyPluginAsyncZod<{ service: EventsService }> = async (app, { service }) => {
  app.get(
    '/events',
    { config: { auth: 'organiser', access: 'AP-6' }, schema: { tags, querystring: ZEventListQuery, response: { 200: zOk(ZEventPage) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.list(user, organisationId, req.query) };
    },
  );
  app.post(
    '/events',
    { config: { auth: 'organiser', access: 'AP-840' }, schema: { tags, body: ZEventCreateRequest, response: { 201: zOk(ZEvent) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send({ status: 'OK' as const, data: await service.create(user, organisationId, req.body) });
    },
  );
  app.get(
    '/events/:eventId',
    { config: { auth: 'organiser', access: 'AP-6' }, schema: { tags, params: ZEventIdParams, response: { 200: zOk(ZEvent) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.get(user, organisationId, req.params.eventId) };
    },
  );
  app.patch(
    '/events/:eventId',
    {
      config: { auth: 'organiser', access: 'AP-7' },
      schema: { tags, params: ZEventIdParams, body: ZEventUpdateRequest, response: { 200: zOk(ZEvent) } },
    },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.update(user, organisationId, req.params.eventId, req.body) };
    },
  );
};

/** Public routes: what the event login page (ei/{eventId}) may show before anyone logs in. */
export const eventsPublicRoutes: FastifyPluginAsyncZod<{ service: EventsService }> = async (app, { service }) => {
  app.get(
    '/public/events/:eventId',
    { config: { auth: 'public' }, schema: { tags, params: ZEventIdParams, response: { 200: zOk(ZPublicEvent) } } },
    async (req) => ({ status: 'OK' as const, data: await service.getPublic(req.params.eventId) }),
  );
};
