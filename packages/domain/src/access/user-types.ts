/** SPEC §3.1 user types, numbered exactly as the spec. */
export const UserType = {
  ServiceProvider: 1,
  ExhibitingCompany: 2,
  Sponsor: 3,
  Attendee: 4,
  Speaker: 5,
  ServicePerson: 6,
  Exhibitor: 7,
  TeamMember: 8,
  Driver: 9,
  Liaison: 10,
} as const;
export type TUserType = (typeof UserType)[keyof typeof UserType];
export const USER_TYPE_VALUES = Object.values(UserType) as TUserType[];

export const USER_TYPE_LABELS: Record<TUserType, string> = {
  1: 'Service Provider',
  2: 'Exhibiting Company',
  3: 'Sponsor',
  4: 'Attendee',
  5: 'Speaker',
  6: 'Service Person',
  7: 'Exhibitor',
  8: 'Team Member',
  9: 'Driver',
  10: 'Liaison',
};

/** SPEC §3.1 role labels. */
export const ROLE_LABELS = [
  'Host',
  'Exhibiting Company',
  'Exhibitor',
  'Speaker',
  'Liaison',
  'Administrator',
  'Driver',
  'Sponsor',
  'Service Provider',
  'Service Persons',
  'Mgmt Team',
] as const;
export type TRoleLabel = (typeof ROLE_LABELS)[number];

/** The session's user type (SPEC §3.1): 1 company, 3 team, plus isInternational. */
export const SessionUserType = { Company: 1, Team: 3 } as const;
export type TSessionUserType = (typeof SessionUserType)[keyof typeof SessionUserType];

/** SPEC §3.4 white-label types. */
export const WHITE_LABEL_TYPES = ['company', 'companyTeam', 'orgTeam'] as const;
export type TWhiteLabelType = (typeof WHITE_LABEL_TYPES)[number];

/**
 * SPEC §2.2: where a user lands after logout. company/companyTeam white-labels send company (1) and team (3)
 * users to their domestic or international landing page; a region team goes to /region-manager.
 */
export function logoutLandingPath(input: {
  whiteLabelType?: TWhiteLabelType | null;
  sessionUserType?: number | null;
  isInternational?: boolean;
  isRegionTeam?: boolean;
}): string {
  if (input.isRegionTeam) return '/region-manager';
  const wl = input.whiteLabelType;
  if (wl === 'company' || wl === 'companyTeam') {
    const scope = input.isInternational ? 'international' : 'domestic';
    if (input.sessionUserType === SessionUserType.Company) return `/${scope}-company`;
    if (input.sessionUserType === SessionUserType.Team) return `/${scope}-team`;
  }
  return '/';
}

/**
 * Organiser (host) accounts are not one of the participant user types 1–10 of SPEC §3.1. It lives here, beside the
 * user types and away from the zod schemas, because the web's entry chunk reads it (app/guards.tsx).
 */
export const ORGANISER_USER_TYPE = 0;
