import { z } from 'zod';

/** Success envelope of every API answer (STYLE.md "The API"). */
export const zOk = <T extends z.ZodTypeAny>(data: T) => z.object({ status: z.literal('OK'), data });

export const ZFieldError = z.object({ field: z.string(), key: z.string() });
export type TFieldError = z.infer<typeof ZFieldError>;

/** Failure envelope: `code` is a number (1001) or an UPPER_SNAKE key. */
export const ZErrorEnvelope = z.object({
  status: z.literal('ERROR'),
  code: z.union([z.number(), z.string()]),
  message: z.string(),
  errors: z.array(ZFieldError).optional(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export type TOk<T> = { status: 'OK'; data: T };

export { DANGEROUS_REQUEST_CODE, DANGEROUS_REQUEST_MESSAGE } from './api-codes.ts';
