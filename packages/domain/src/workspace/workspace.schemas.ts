import { z } from 'zod';
import { AccessLevel } from '../access/access-level.ts';
import { ZAccessCodeList } from '../access/access-codes.ts';
import { WHITE_LABEL_TYPES } from '../access/user-types.ts';
import { ZPageQuery, zPage } from '../common/pagination.ts';
import { zEmail } from '../validation/email.ts';
import { zPassword } from '../validation/password.ts';
import { isNonBlank } from '../validation/text.ts';

const zName = (max = 120) => z.string().trim().min(1).max(max).refine(isNonBlank, { message: 'required' });
const zId = z.string().min(1).max(64);
const zAccessLevel = z.union([z.literal(AccessLevel.AdminAccess), z.literal(AccessLevel.UserAccess)]);

/** Roles a company-portal user can hold; the first two belong to exhibiting companies, the last two to service providers. */
export const COMPANY_ROLES = ['company', 'companyTeam', 'serviceProvider', 'servicePerson'] as const;
export type TCompanyRole = (typeof COMPANY_ROLES)[number];
export const MAIN_ACCOUNT_ROLES: readonly TCompanyRole[] = ['company', 'serviceProvider'];

/** Item-level access kinds: "only these events", "only these booths". */
export const ITEM_TYPES = ['event', 'booth'] as const;
export const ZItemAccess = z.array(z.strictObject({ itemType: z.enum(ITEM_TYPES), itemId: zId })).max(500);
export type TItemAccess = z.infer<typeof ZItemAccess>;

export const ZIdParams = z.object({ id: zId });

// Roles (role templates)
export const ZRoleRequest = z.strictObject({
  name: zName(80),
  description: z.string().trim().max(500).default(''),
  codes: ZAccessCodeList.min(1),
});
export type TRoleRequest = z.infer<typeof ZRoleRequest>;
export const ZRoleUpdateRequest = z.strictObject({
  name: zName(80).optional(),
  description: z.string().trim().max(500).optional(),
  codes: ZAccessCodeList.min(1).optional(),
});
export type TRoleUpdateRequest = z.infer<typeof ZRoleUpdateRequest>;
export const ZRole = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  codes: z.array(z.string()),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRole = z.infer<typeof ZRole>;

// Team members
export const MEMBER_STATUSES = ['active', 'suspended'] as const;
export const ZTeamMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  accessLevel: z.number().int(),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  regionId: z.string().nullable(),
  isRegionTeam: z.boolean(),
  status: z.enum(MEMBER_STATUSES),
  itemAccess: ZItemAccess,
  isOwner: z.boolean(),
  createdAt: z.string(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;
export const ZTeamListQuery = ZPageQuery.extend({
  search: z.string().trim().max(120).optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
});
export const ZTeamPage = zPage(ZTeamMember);

export const ZInviteRequest = z
  .strictObject({
    email: zEmail(),
    firstName: zName(),
    lastName: z.string().trim().max(120).default(''),
    accessLevel: zAccessLevel,
    roleId: zId.optional(),
    regionId: zId.optional(),
    itemAccess: ZItemAccess.default([]),
    /** Set to invite a user of an exhibiting company instead of an organiser team member. */
    companyId: zId.optional(),
    /**
     * For an exhibiting company: company (its main account, session user type 1) or companyTeam (one of its team, 3).
     * For a service-provider company: serviceProvider (main account) or servicePerson.
     */
    companyRole: z.enum(COMPANY_ROLES).default('companyTeam'),
  })
  .refine((v) => v.accessLevel === AccessLevel.AdminAccess || Boolean(v.roleId) || Boolean(v.companyId), {
    message: 'required',
    path: ['roleId'],
  });
/** The input shape (defaults optional), so forms can build it; the server reads the parsed body. */
export type TInviteRequest = z.input<typeof ZInviteRequest>;

export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  accessLevel: z.number().int(),
  roleId: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZInvitationPreview = z.object({
  organisationName: z.string(),
  email: z.string(),
  firstName: z.string(),
  expiresAt: z.string(),
});
export const ZInvitationTokenParams = z.object({ token: z.string().min(16).max(128) });
export const ZAcceptInvitationRequest = z
  .strictObject({ token: z.string().min(16).max(128), password: zPassword(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'comparePassword', path: ['confirmPassword'] });
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;

export const ZMemberUpdateRequest = z.strictObject({
  accessLevel: zAccessLevel.optional(),
  roleId: zId.nullable().optional(),
  regionId: zId.nullable().optional(),
  itemAccess: ZItemAccess.optional(),
});
export type TMemberUpdateRequest = z.infer<typeof ZMemberUpdateRequest>;
export const ZMemberRemoveRequest = z.strictObject({ handOverTo: zId });

/** What the signed-in user may see: the web shows menus, tabs and buttons from this. */
export const ZMyAccess = z.object({
  organisationId: z.string().nullable(),
  accessLevel: z.number().int(),
  codes: z.array(z.string()),
  isAdmin: z.boolean(),
  itemAccess: ZItemAccess,
  regionId: z.string().nullable(),
  isRegionTeam: z.boolean(),
});
export type TMyAccess = z.infer<typeof ZMyAccess>;

// Audit log
export const ZAuditQuery = ZPageQuery.extend({
  action: z.string().trim().max(80).optional(),
  actorUserId: zId.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
export const ZAuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = zPage(ZAuditEntry);

// White label
const zColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'pattern' });
const zHttpsUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s"'<>]+$/.test(v) || v.startsWith('/'), { message: 'pattern' });
const zDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { message: 'pattern' });
export const ZWhiteLabelTypeParams = z.object({ type: z.enum(WHITE_LABEL_TYPES) });
export const ZWhiteLabelRequest = z.strictObject({
  displayName: zName(120),
  logoUrl: zHttpsUrl.default(''),
  primaryColor: zColor.default('#1c7ed6'),
  faviconUrl: zHttpsUrl.default(''),
  customDomain: zDomain.nullable().default(null),
  loginTitle: z.string().trim().max(120).default(''),
});
export type TWhiteLabelRequest = z.infer<typeof ZWhiteLabelRequest>;
export const ZWhiteLabel = z.object({
  type: z.enum(WHITE_LABEL_TYPES),
  displayName: z.string(),
  logoUrl: z.string(),
  primaryColor: z.string(),
  faviconUrl: z.string(),
  customDomain: z.string().nullable(),
  loginTitle: z.string(),
  updatedAt: z.string(),
});
export type TWhiteLabel = z.infer<typeof ZWhiteLabel>;
export const ZPublicBrandingQuery = z.object({ type: z.enum(WHITE_LABEL_TYPES), domain: z.string().max(253).optional() });
export const ZPublicBranding = z.object({
  displayName: z.string(),
  logoUrl: z.string(),
  primaryColor: z.string(),
  dashboardFavicon: z.string(),
  loginTitle: z.string(),
});
export type TPublicBranding = z.infer<typeof ZPublicBranding>;

// Regions and companies
/** Exhibiting companies take part in events; service providers fulfil exhibition services (electricals, furniture ...). */
export const COMPANY_KINDS = ['exhibitor', 'serviceProvider'] as const;
export type TCompanyKind = (typeof COMPANY_KINDS)[number];
export const ZRegionRequest = z.strictObject({ name: zName(120) });
export const ZRegion = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
export type TRegion = z.infer<typeof ZRegion>;
export const ZCompanyRequest = z.strictObject({
  name: zName(200),
  kind: z.enum(COMPANY_KINDS).default('exhibitor'),
  regionId: zId.nullable().default(null),
  isInternational: z.boolean().default(false),
});
export type TCompanyRequest = z.input<typeof ZCompanyRequest>;
export const ZCompany = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(COMPANY_KINDS),
  regionId: z.string().nullable(),
  isInternational: z.boolean(),
  createdAt: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;
export const ZCompanyListQuery = ZPageQuery.extend({
  search: z.string().trim().max(120).optional(),
  regionId: zId.optional(),
  kind: z.enum(COMPANY_KINDS).optional(),
});
export const ZCompanyPage = zPage(ZCompany);

// Company and service-provider portals
export const ZPortalMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(MEMBER_STATUSES),
});
export const ZPortal = z.object({
  organisationName: z.string(),
  company: z.object({ id: z.string(), name: z.string(), kind: z.enum(COMPANY_KINDS), isInternational: z.boolean() }),
  role: z.enum(COMPANY_ROLES),
  isMainAccount: z.boolean(),
  members: z.array(ZPortalMember),
  pendingInvitations: z.array(z.object({ id: z.string(), email: z.string(), firstName: z.string(), expiresAt: z.string() })),
  events: z.array(z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string(), venue: z.string() })),
});
export type TPortal = z.infer<typeof ZPortal>;
export const ZPortalInviteRequest = z.strictObject({
  email: zEmail(),
  firstName: zName(),
  lastName: z.string().trim().max(120).default(''),
});
export type TPortalInviteRequest = z.input<typeof ZPortalInviteRequest>;
