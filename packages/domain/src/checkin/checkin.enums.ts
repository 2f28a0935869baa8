/**
 * Onsite check-in vocabulary shared by the dashboard, the scanner PWA and the server (issue #5, SPEC §7).
 */

/** Where a credential can be scanned. A session room's attendance feeds certificate rules. */
export const AREA_KINDS = ['gate', 'hall', 'session', 'other'] as const;
export type TAreaKind = (typeof AREA_KINDS)[number];

export const DEVICE_KINDS = ['scanner', 'kiosk', 'badge_printer', 'turnstile'] as const;
export type TDeviceKind = (typeof DEVICE_KINDS)[number];

export const SCAN_DIRECTIONS = ['in', 'out'] as const;
export type TScanDirection = (typeof SCAN_DIRECTIONS)[number];

/** A scan's verdict. Everything but `admitted` and `exited` is a refusal the scanner shows in large type. */
export const SCAN_RESULTS = [
  'admitted',
  'exited',
  'malformed',
  'forged',
  'other_event',
  'unknown',
  'revoked',
  'not_approved',
  'not_paid',
  'wrong_area',
  'outside_window',
  'already_inside',
  'not_inside',
  'no_reentry',
  'area_full',
] as const;
export type TScanResult = (typeof SCAN_RESULTS)[number];
export const SCAN_RESULT_LABELS: Record<TScanResult, string> = {
  admitted: 'Admitted',
  exited: 'Checked out',
  malformed: 'Not a Pavilion badge',
  forged: 'Forged code: signature does not match',
  other_event: 'Badge of another event',
  unknown: 'Unknown badge',
  revoked: 'Badge revoked or replaced',
  not_approved: 'Registration not approved',
  not_paid: 'Registration not paid',
  wrong_area: 'Not allowed in this area',
  outside_window: 'Area closed at this time',
  already_inside: 'Already inside',
  not_inside: 'Not checked in here',
  no_reentry: 'Re-entry not allowed',
  area_full: 'Area is full',
};
export const isAdmittingResult = (r: TScanResult) => r === 'admitted' || r === 'exited';

/** What a verification page may say about a credential (verify/ebadge/...). */
export const CREDENTIAL_STATUSES = ['valid', 'revoked', 'unknown'] as const;
export type TCredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

/** SPEC §7 hospitality socket (path /hospitalityservices): events the dashboard sends to devices. */
export const HOSPITALITY_DEVICE_EVENTS = ['deviceLogout', 'deviceLogoutAll', 'deviceSync', 'deviceSyncAll', 'deviceRefresh', 'deviceRefreshAll'] as const;
export type THospitalityDeviceEvent = (typeof HOSPITALITY_DEVICE_EVENTS)[number];
