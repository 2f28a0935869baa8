import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZPaymentResult,
  ZPaymentSessionParams,
  ZRedirectVerifyRequest,
  ZTestGatewayCompleteRequest,
  ZTestGatewayCompleteResponse,
  ZTestGatewaySession,
  ZWebhookAck,
  ZWebhookParams,
  escapeHtml,
  zOk,
} from '@pavilion/domain';
import type { PaymentsService } from './payments.service.ts';
import type { TTestGatewaySession } from '@pavilion/domain';

const tags = ['payments'];

function gatewayPage(s: TTestGatewaySession): string {
  const amount = `${s.currency} ${(s.amount / 100).toFixed(2)}`;
  const button = (outcome: string, label: string, colour: string) =>
    `<form method="post" action="${escapeHtml(s.completeUrl)}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" style="background:${colour}">${label}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Pavilion test payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#222}.box{border:1px solid #ddd;border-radius:8px;padding:1.5rem}
button{color:#fff;border:0;border-radius:6px;padding:.7rem 1.4rem;font-size:1rem;cursor:pointer;margin-right:.5rem}form{display:inline}.note{color:#666;font-size:.85rem}</style></head>
<body><div class="box"><h1>Test payment</h1><p>Order <strong>${escapeHtml(s.registrationNo)}</strong></p><p>Amount <strong>${escapeHtml(amount)}</strong></p><p>Status: ${escapeHtml(s.status)}</p>
${button('pay', 'Pay', '#1c7c3a')}${button('fail', 'Fail', '#b42318')}
<p class="note">Pavilion's built-in test gateway. No money moves. Pay and Fail send a signed webhook to this server, exactly as a real provider would.</p></div></body></html>`;
}

/** Public payment routes under /api/eventservices/public/payments, in their own scope for the raw-body parsers. */
export const paymentsPublicRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (app, { service }) => {
  // Webhook signatures are over the exact bytes received: keep them, and still hand the parsed JSON to the
  // platform's dangerous-content check and to nothing else.
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const buf = body as Buffer;
    rawBodies.set(req, buf);
    if (buf.length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(buf.toString('utf8')));
    } catch {
      // Unparseable: the webhook handler refuses it by signature; other routes see an invalid body.
      done(null, {});
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/webhooks/:provider',
    { config: { auth: 'public' }, schema: { tags, params: ZWebhookParams, response: { 200: zOk(ZWebhookAck) } } },
    async (req) => ({ status: 'OK' as const, data: await service.handleWebhook(req.params.provider, undefined, rawBodies.get(req) ?? Buffer.alloc(0), req.headers) }),
  );
  app.post(
    '/webhooks/:provider/:accountId',
    { config: { auth: 'public' }, schema: { tags, params: ZWebhookParams, response: { 200: zOk(ZWebhookAck) } } },
    async (req) => ({ status: 'OK' as const, data: await service.handleWebhook(req.params.provider, req.params.accountId, rawBodies.get(req) ?? Buffer.alloc(0), req.headers) }),
  );
  app.get(
    '/sessions/:sessionId',
    { config: { auth: 'public' }, schema: { tags, params: ZPaymentSessionParams, response: { 200: zOk(ZPaymentResult) } } },
    async (req) => ({ status: 'OK' as const, data: await service.sessionResult(req.params.sessionId) }),
  );
  app.post(
    '/sessions/:sessionId/verify',
    { config: { auth: 'public' }, schema: { tags, params: ZPaymentSessionParams, body: ZRedirectVerifyRequest, response: { 200: zOk(ZPaymentResult) } } },
    async (req) => ({ status: 'OK' as const, data: await service.verifyRedirect(req.params.sessionId, req.body) }),
  );
  app.get(
    '/test-gateway/:sessionId',
    { config: { auth: 'public' }, schema: { tags, params: ZPaymentSessionParams, response: { 200: zOk(ZTestGatewaySession) } } },
    async (req, reply) => {
      const session = await service.gatewaySession(req.params.sessionId);
      if (req.headers.accept?.includes('application/json')) return { status: 'OK' as const, data: session };
      return reply.type('text/html; charset=utf-8').serializer((p) => p as string).send(gatewayPage(session) as never);
    },
  );
  app.post(
    '/test-gateway/:sessionId/complete',
    { config: { auth: 'public' }, schema: { tags, params: ZPaymentSessionParams, body: ZTestGatewayCompleteRequest, response: { 200: zOk(ZTestGatewayCompleteResponse) } } },
    async (req, reply) => {
      const result = await service.gatewayComplete(req.params.sessionId, req.body.outcome);
      if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return reply.redirect(result.redirectUrl, 303);
      return { status: 'OK' as const, data: result };
    },
  );
};
