import { z } from 'zod';
import { VIDEO_TOKEN_TTL_SECONDS } from '../constants/limits.ts';

/** SPEC §3.9 chat message. */
export const ZChatMessage = z.object({
  roomId: z.string().min(1).max(128),
  content: z.string().max(5000),
  from: z.object({ eventUserId: z.string().min(1).max(64) }),
  member: z.array(z.string().min(1).max(64)).max(1000),
  isReply: z.boolean().default(false),
  replyToMessage: z.string().max(128).nullable().default(null),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** SPEC §7 POST chatservices/api/video/generateRtcToken body: channel name, user id, role, expiry seconds. */
export const ZVideoTokenRequest = z.strictObject({
  cn: z.string().min(1).max(128),
  uId: z.union([z.string().min(1).max(64), z.number().int().nonnegative()]),
  rtcr: z.string().min(1).max(32),
  tet: z.number().int().positive().max(24 * 3600).default(VIDEO_TOKEN_TTL_SECONDS),
});
export type TVideoTokenRequest = z.infer<typeof ZVideoTokenRequest>;
export const ZVideoTokenResponse = z.object({ key: z.string() });
export type TVideoTokenResponse = z.infer<typeof ZVideoTokenResponse>;
