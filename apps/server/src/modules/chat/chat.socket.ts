import type { Server, Socket } from 'socket.io';
import { CHAT_INBOUND, CHAT_INBOUND_BUILT, CHAT_INBOUND_EVENTS, type TChatAck, type TChatControl, type TChatInboundEvent, type TChatMessage } from '@pavilion/domain';
import { AppError } from '../../platform/errors.ts';
import type { SocketUser } from '../../platform/realtime.ts';
import type { ChatActor, ChatService } from './chat.service.ts';

/** Inbound events a socket may send in one window before it is refused with CTL RATE_LIMITED. */
export const CHAT_RATE_LIMIT = { events: 40, windowMs: 5000 };

type Log = { error(obj: unknown, msg?: string): void };

/**
 * The chat socket's inbound events (packages/domain chat.socket.ts): every payload is checked against its schema; a
 * bad one, a refusal or a flood is answered with `CTL` (and the acknowledgement, when the client asked for one), never
 * by closing the socket or crashing the server.
 */
export function attachChatSocket(io: Server, service: ChatService, log: Log): void {
  io.on('connection', (socket: Socket) => {
    const user = socket.data.user as SocketUser | undefined;
    let windowStart = Date.now();
    let used = 0;

    const refuse = (event: string, code: string, message: string, ack?: (a: TChatAck) => void) => {
      const ctl: TChatControl = { event, code, message };
      socket.emit('CTL', ctl);
      ack?.({ ok: false, code, message });
    };

    for (const event of CHAT_INBOUND_EVENTS) {
      socket.on(event, (payload: unknown, maybeAck?: unknown) => {
        const ack = typeof maybeAck === 'function' ? (maybeAck as (a: TChatAck) => void) : undefined;
        const now = Date.now();
        if (now - windowStart > CHAT_RATE_LIMIT.windowMs) {
          windowStart = now;
          used = 0;
        }
        if (++used > CHAT_RATE_LIMIT.events) return refuse(event, 'RATE_LIMITED', 'Too many messages; wait a moment', ack);
        const parsed = CHAT_INBOUND[event].safeParse(payload);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return refuse(event, 'VALIDATION_FAILED', `Invalid ${event} payload${issue ? `: ${issue.path.join('.') || 'body'} ${issue.message}` : ''}`, ack);
        }
        if (!CHAT_INBOUND_BUILT.includes(event)) return refuse(event, 'NOT_AVAILABLE', `${event} is not available yet`, ack);
        if (event === 'CTL') return ack?.({ ok: true, data: { pong: true } });
        if (!user?.eventId || !user.eventUserId) return refuse(event, 'CHAT_NOT_PARTICIPANT', 'Sign in to the event to chat', ack);
        const actor: ChatActor = { userId: user.userId, eventId: user.eventId, eventUserId: user.eventUserId };
        handle(event, actor, parsed.data)
          .then((data) => ack?.({ ok: true, data }))
          .catch((err: unknown) => {
            if (err instanceof AppError) return refuse(event, String(err.code), err.message, ack);
            log.error({ err, event }, 'chat socket event failed');
            refuse(event, 'INTERNAL', 'Something went wrong; try again', ack);
          });
      });
    }
  });

  async function handle(event: TChatInboundEvent, actor: ChatActor, data: unknown): Promise<unknown> {
    switch (event) {
      case 'message':
        return service.send(actor, data as TChatMessage);
      case 'readMessage':
        return service.read(actor, data as { roomId: string; messageId: string });
      case 'typing':
        return service.typing(actor, data as { roomId: string; isTyping: boolean });
      default:
        return null;
    }
  }
}
