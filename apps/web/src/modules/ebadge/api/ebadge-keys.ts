/** The e-badge module's one query-key factory. Free of runtime imports so public pages load it for nothing. */
export const ebadgeKeys = {
  all: ['ebadge'] as const,
  view: (eventUserId: string) => [...ebadgeKeys.all, 'view', eventUserId] as const,
  mine: () => [...ebadgeKeys.all, 'mine'] as const,
  verifyInfo: (eventId: string) => [...ebadgeKeys.all, 'verify-info', eventId] as const,
  settings: (eventId: string) => [...ebadgeKeys.all, 'settings', eventId] as const,
  shareOptions: (eventId: string) => [...ebadgeKeys.all, 'share-options', eventId] as const,
  wallet: () => [...ebadgeKeys.all, 'wallet'] as const,
};
