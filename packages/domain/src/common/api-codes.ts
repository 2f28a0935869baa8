// Kept apart from envelope.ts (zod schemas) so the browser's always-loaded code need not include zod.
/** Code returned when a request body holds script-like content (SPEC §5, §8). */
export const DANGEROUS_REQUEST_CODE = 1001;
export const DANGEROUS_REQUEST_MESSAGE = 'Request contains potentially dangerous data.';
