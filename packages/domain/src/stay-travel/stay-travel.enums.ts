/** SPEC §3.10 Transport staff. */
export const TransportStaff = { Liaison: 1, Driver: 2 } as const;
export type TTransportStaff = (typeof TransportStaff)[keyof typeof TransportStaff];
export const TRANSPORT_STAFF_LABELS: Record<TTransportStaff, string> = { 1: 'Liaison', 2: 'Driver' };
