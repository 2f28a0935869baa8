/** SPEC §3.10 Online state. */
export const OnlineState = { Offline: 1, Online: 2 } as const;
export type TOnlineState = (typeof OnlineState)[keyof typeof OnlineState];
export const ONLINE_STATE_LABELS: Record<TOnlineState, string> = { 1: 'Offline', 2: 'Online' };
