import { describe, it, expect } from 'vitest';
import { logoutLandingPath, ROLE_LABELS, SessionUserType, USER_TYPE_LABELS, UserType, WHITE_LABEL_TYPES } from './user-types.ts';
import { ACCESS_LEVEL_LABELS, AccessLevel } from './access-level.ts';

describe('user types', () => {
  it('numbers SPEC §3.1 types 1–10', () => {
    expect(USER_TYPE_LABELS).toEqual({
      1: 'Service Provider', 2: 'Exhibiting Company', 3: 'Sponsor', 4: 'Attendee', 5: 'Speaker',
      6: 'Service Person', 7: 'Exhibitor', 8: 'Team Member', 9: 'Driver', 10: 'Liaison',
    });
    expect(UserType.Liaison).toBe(10);
    expect(ROLE_LABELS).toEqual(['Host', 'Exhibiting Company', 'Exhibitor', 'Speaker', 'Liaison', 'Administrator', 'Driver', 'Sponsor', 'Service Provider', 'Service Persons', 'Mgmt Team']);
    expect(SessionUserType).toEqual({ Company: 1, Team: 3 });
    expect(WHITE_LABEL_TYPES).toEqual(['company', 'companyTeam', 'orgTeam']);
    expect(AccessLevel).toEqual({ AdminAccess: 1, UserAccess: 2 });
    expect(ACCESS_LEVEL_LABELS[2]).toBe('User Access');
  });

  it.each([
    [{ whiteLabelType: 'company', sessionUserType: 1, isInternational: false }, '/domestic-company'],
    [{ whiteLabelType: 'company', sessionUserType: 3, isInternational: false }, '/domestic-team'],
    [{ whiteLabelType: 'companyTeam', sessionUserType: 1, isInternational: true }, '/international-company'],
    [{ whiteLabelType: 'companyTeam', sessionUserType: 3, isInternational: true }, '/international-team'],
    [{ whiteLabelType: 'orgTeam', sessionUserType: 1 }, '/'],
    [{ whiteLabelType: 'company', sessionUserType: 2 }, '/'],
    [{ isRegionTeam: true, whiteLabelType: 'company', sessionUserType: 1 }, '/region-manager'],
    [{}, '/'],
  ] as const)('logout landing %j → %s', (input, path) => {
    expect(logoutLandingPath(input)).toBe(path);
  });
});
