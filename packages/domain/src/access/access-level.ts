/** SPEC §3.10 Access level. */
export const AccessLevel = { AdminAccess: 1, UserAccess: 2 } as const;
export type TAccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];
export const ACCESS_LEVEL_LABELS: Record<TAccessLevel, string> = { 1: 'Admin Access', 2: 'User Access' };
