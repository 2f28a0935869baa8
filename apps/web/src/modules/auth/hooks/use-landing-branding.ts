import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TPublicBranding, TWhiteLabelType } from '@pavilion/domain';
import { sessionStore } from '../../../app/session-storage.ts';
import { authApi, authKeys } from '../api/auth-api.ts';
import type { TLandingVariant } from '../pages/login-page.tsx';

/** SPEC §2.2 landing page → the white-label type whose branding it shows. */
export const LANDING_WHITE_LABEL: Record<TLandingVariant, TWhiteLabelType> = {
  'domestic-company': 'company',
  'international-company': 'company',
  'domestic-team': 'companyTeam',
  'international-team': 'companyTeam',
  'region-manager': 'orgTeam',
};

/** The server answers Pavilion's own look when no white label claims the domain. */
export function isDefaultBranding(b: TPublicBranding): boolean {
  return b.displayName === 'Pavilion' && b.logoUrl === '' && b.loginTitle === '' && b.dashboardFavicon === '';
}

const isSafeUrl = (url: string) => /^(https?:\/\/|\/)/.test(url);

/**
 * Fetches the landing page's branding for the domain it is served on, stores it as the SPEC §3.4 `whitelabel` and
 * `dashboardLPSetting` items (the dashboard keeps the favicon after login) and sets the page's favicon.
 */
export function useLandingBranding(variant: TLandingVariant | undefined) {
  const type = variant ? LANDING_WHITE_LABEL[variant] : null;
  const domain = typeof window === 'undefined' ? '' : window.location.hostname;
  const query = useQuery({
    queryKey: authKeys.branding(type ?? 'company', domain),
    queryFn: ({ signal }) => authApi.branding(type!, domain, signal),
    enabled: !!type,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const data = query.data;

  useEffect(() => {
    if (!type || !data) return;
    sessionStore.setWhitelabel(type);
    sessionStore.setDashboardLPSetting({ dashboardFavicon: data.dashboardFavicon });
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link || !data.dashboardFavicon || !isSafeUrl(data.dashboardFavicon)) return;
    const original = link.href;
    link.href = data.dashboardFavicon;
    return () => {
      link.href = original;
    };
  }, [type, data]);

  return { branding: data && !isDefaultBranding(data) ? data : null, isPending: !!type && query.isPending };
}
