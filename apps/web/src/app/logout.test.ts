import { describe, expect, it } from 'vitest';
import type { TUserData } from '@pavilion/domain';
import { landingPathFor } from './logout.ts';

const base: TUserData = {
  id: 'u',
  firstName: 'A',
  lastName: 'B',
  email: 'a@b.co',
  contactNo: '',
  logo: '',
  userType: 2,
  isInternational: false,
  role: 'Exhibiting Company',
  whiteLabelType: null,
  sessionUserType: null,
  isRegionTeam: false,
};

describe('landingPathFor (SPEC §2.2)', () => {
  it.each([
    ['company', 1, false, '/domestic-company'],
    ['company', 3, false, '/domestic-team'],
    ['companyTeam', 1, true, '/international-company'],
    ['companyTeam', 3, true, '/international-team'],
    ['orgTeam', 1, false, '/'],
    [null, 1, false, '/'],
  ] as const)('white-label %s, session user type %s, international %s → %s', (wl, type, intl, path) => {
    expect(landingPathFor({ ...base, whiteLabelType: wl, sessionUserType: type, isInternational: intl })).toBe(path);
  });

  it('sends a region team to /region-manager', () => {
    expect(landingPathFor({ ...base, isRegionTeam: true })).toBe('/region-manager');
  });

  it('falls back to the stored whitelabel item, and to / without a session', () => {
    expect(landingPathFor({ ...base, sessionUserType: 3 }, 'company')).toBe('/domestic-team');
    expect(landingPathFor(null)).toBe('/');
  });
});
