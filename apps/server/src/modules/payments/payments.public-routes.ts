import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml, type TTestGatewayPendingRefunds, type TTestGatewaySession } from '@pavilion/domain';
import { paymentsPublicRoutes as routes } from '@pavilion/domain/registration/payments.routes';
import { route } from '../../platform/contract-routes.ts';
import type { PaymentsService } from './payments.service.ts';

function gatewayPage(s: TTestGatewaySession): string {
  const amount = `${s.currency} ${(s.amount / 100).toFixed(2)}`;
  const button = (outcome: string, label: string, colour: string) =>
    `<form method="post" action="${escapeHtml(s.completeUrl)}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" style="background:${colour}">${label}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Pavilion test payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#222}.box{border:1px solid #ddd;border-radius:8px;padding:1.5rem}
button{color:#fff;border:0;border-radius:6px;padding:.7rem 1.4rem;font-size:1rem;cursor:pointer;margin-right:.5rem}form{display:inline}.note{color:#666;font-size:.85rem}</style></head>
<body><div class="box"><h1>Test payment</h1><p>Order <strong>${escapeHtml(s.registrationNo)}</strong></p><p>Amount <strong>${escapeHtml(amount)}</strong></p><p>Status: ${escapeHtml(s.status)}</p>
${button('pay', 'Pay', '#1c7c3a')}${button('fail', 'Fail', '#b42318')}${button('pay_refund_pending', 'Pay (refunds settle later)', '#1f4e8c')}
<p class="note">Pavilion's built-in test gateway. No money moves. Pay and Fail send a signed webhook to this server, exactly as a real provider would.</p></div></body></html>`;
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#222}.box{border:1px solid #ddd;border-radius:8px;padding:1.5rem}
button{color:#fff;border:0;border-radius:6px;padding:.5rem 1rem;font-size:.95rem;cursor:pointer;margin:.25rem .5rem .25rem 0}form{display:inline}.note{color:#595959;font-size:.85rem}
ul{list-style:none;padding:0}li{border-top:1px solid #eee;padding:.75rem 0}`;

/** The test gateway's "Pending refunds" page: each settles through the gateway's signed webhook (gatewayRefund). */
function pendingRefundsPage(list: TTestGatewayPendingRefunds): string {
  const button = (url: string, outcome: string, label: string, colour: string) =>
    `<form method="post" action="${escapeHtml(url)}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" style="background:${colour}">${label}</button></form>`;
  const rows = list.items
    .map(
      (r) =>
        `<li><strong>${escapeHtml(r.label)}</strong>: ${escapeHtml(`${r.currency} ${(r.amount / 100).toFixed(2)}`)}${r.reason ? ` <span class="note">(${escapeHtml(r.reason)})</span>` : ''}<br><span class="note">Refund ${escapeHtml(r.refundRef)}, asked ${escapeHtml(r.createdAt.slice(0, 16).replace('T', ' '))} UTC</span><br>` +
        `${button(r.settleUrl, 'succeed', 'Settle as succeeded', '#1c7c3a')}${button(r.settleUrl, 'fail', 'Settle as failed', '#b42318')}</li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Pavilion test gateway: pending refunds</title>
<style>${PAGE_STYLE}</style></head><body><main class="box"><h1>Pending refunds</h1>
${list.items.length > 0 ? `<ul aria-label="Pending refunds">${rows}</ul>` : '<p>No refunds are pending.</p>'}
<p class="note">Pavilion's built-in test gateway. No money moves. Settling sends a signed refund webhook to this server, exactly as a real provider would.</p></main></body></html>`;
}

/**
 * The public payments contracts (packages/domain/src/registration/payments.routes.ts), served in their own scope for
 * the raw-body parsers.
 */
export async function registerPaymentsPublicRoutes(app: FastifyInstance, service: PaymentsService): Promise<void> {
  await app.register(async (scope) => {
    // Webhook signatures are over the exact bytes received: keep them, and still hand the parsed JSON to the
    // platform's dangerous-content check and to nothing else.
    const rawBodies = new WeakMap<FastifyRequest, Buffer>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
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
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const raw = (req: object) => rawBodies.get(req as FastifyRequest) ?? Buffer.alloc(0);

    route(scope, routes.webhook, async (req) => service.handleWebhook(req.params.provider, undefined, raw(req), req.headers));
    route(scope, routes.webhookForAccount, async (req) => service.handleWebhook(req.params.provider, req.params.accountId, raw(req), req.headers));
    route(scope, routes.sessionResult, async (req) => service.sessionResult(req.params.sessionId));
    route(scope, routes.verifyRedirect, async (req) => service.verifyRedirect(req.params.sessionId, req.body));
    route(scope, routes.gatewaySession, async (req, reply) => {
      const session = await service.gatewaySession(req.params.sessionId);
      if (req.headers.accept?.includes('application/json')) return session;
      return reply.type('text/html; charset=utf-8').serializer((p) => p as string).send(gatewayPage(session));
    });
    route(scope, routes.gatewayRefund, async (req, reply) => {
      const { pagePath, ...result } = await service.gatewayRefund(req.params.refundRef, req.body.outcome);
      // The pending-refunds page's form: back to the page (post, redirect, get).
      if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return reply.redirect(pagePath, 303);
      return result;
    });
    route(scope, routes.gatewayPendingRefunds, async (req, reply) => {
      const list = await service.gatewayPendingRefunds(req.params.merchantId);
      if (req.headers.accept?.includes('application/json')) return list;
      return reply.type('text/html; charset=utf-8').serializer((p) => p as string).send(pendingRefundsPage(list));
    });
    route(scope, routes.gatewayComplete, async (req, reply) => {
      const result = await service.gatewayComplete(req.params.sessionId, req.body.outcome);
      if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return reply.redirect(result.redirectUrl, 303);
      return result;
    });
  });
}
