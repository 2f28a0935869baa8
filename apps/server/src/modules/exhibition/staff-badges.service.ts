import type { TStaffBadgeList, TStaffBadgeSettings, TStaffBadgeSettingsInput, TStaffMember } from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { AppError, errors as appErrors } from '../../platform/errors.ts';
import type { Attendee, ComplimentaryRegistration } from '../registration/index.ts';
import { exhibitionErrors } from './exhibition.errors.ts';
import type { CompanyRow } from './exhibition.repository.ts';
import type { StaffBadgesRepository, StaffRow } from './staff-badges.repository.ts';

type Participant = { user: AuthUser | null; eventAccess: EventAccess | null };

export const staffBadgeErrors = {
  staffNotFound: () => new AppError(404, 'NOT_FOUND', 'This person is not on the company’s staff list'),
  ticketNotSet: () => new AppError(409, 'EXHIBITION_STAFF_BADGE_TICKET_NOT_SET', 'The organiser has not chosen the ticket staff badges are issued on yet (Booths & hall plan → Staff badges)'),
  issued: (email: string) => new AppError(409, 'EXHIBITION_BADGE_ISSUED', `${email} already has a badge`),
  inProgress: (email: string) => new AppError(409, 'EXHIBITION_BADGE_IN_PROGRESS', `${email}’s badge is being issued right now: wait a moment and reload`),
  notIssued: (email: string) => new AppError(409, 'EXHIBITION_BADGE_NOT_ISSUED', `${email} has no badge to revoke`),
  hasBadge: (emails: string[]) =>
    new AppError(409, 'EXHIBITION_STAFF_HAS_BADGE', `${emails.join(', ')} ${emails.length === 1 ? 'has a badge' : 'have badges'}: revoke ${emails.length === 1 ? 'it' : 'them'} before removing ${emails.length === 1 ? 'this person' : 'them'} from the staff`),
};

export type StaffBadgesDeps = {
  repo: StaffBadgesRepository;
  audit: Audit;
  now: () => Date;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<unknown>;
  company: (eventId: string, companyId: string, organisationId?: string) => Promise<CompanyRow | null>;
  /** The company whose admin this account is in the event (service forms' admin), or null. */
  adminCompanyOf: (eventId: string, userId: string) => Promise<string | null>;
  /** The company's staff badge quota (the event's rule per stall size), null: no limit. */
  quotaOf: (eventId: string, companyId: string) => Promise<number | null>;
  /** Registration's read port: the event's tickets/categories, and registrations by id or email. */
  registrations: {
    ticketOptions: (eventId: string) => Promise<{ tickets: { id: string; name: string; isFree: boolean }[]; categories: { id: string; name: string }[] }>;
    attendeesByIds: (ids: string[]) => Promise<Attendee[]>;
    attendeesOfEmail: (eventId: string, email: string) => Promise<Attendee[]>;
    isAdmissible: (a: Attendee) => boolean;
  };
  /** Registration's write port: complimentary registrations (THE credential). */
  complimentary: {
    issue: (input: { organisationId: string; eventId: string; ticketId: string; categoryId: string | null; person: { firstName: string; lastName: string; email: string }; actorUserId: string; reason: string }) => Promise<ComplimentaryRegistration>;
    cancel: (input: { organisationId: string; eventId: string; registrationId: string; actorUserId: string; reason: string }) => Promise<boolean>;
  };
};

const REASON = 'exhibitor-staff';

/**
 * Exhibitor staff badges (issue 15): each staff member of a company gets a complimentary registration on the event's
 * staff badge ticket, within the company's staff badge quota; revoking cancels it (its badge stops scanning).
 */
export function createStaffBadgesService(deps: StaffBadgesDeps) {
  const { repo } = deps;

  async function ownCompany(organisationId: string, eventId: string, companyId: string): Promise<CompanyRow> {
    const c = await deps.company(eventId, companyId, organisationId);
    if (!c) throw exhibitionErrors.companyNotFound();
    return c;
  }
  async function adminCompany(caller: Participant, eventId: string): Promise<{ company: CompanyRow; userId: string }> {
    if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) throw exhibitionErrors.notCompanyAdmin();
    const companyId = await deps.adminCompanyOf(eventId, caller.user.userId);
    const company = companyId ? await deps.company(eventId, companyId) : null;
    if (!company) throw exhibitionErrors.notCompanyAdmin();
    return { company, userId: caller.user.userId };
  }

  async function settingsView(eventId: string): Promise<TStaffBadgeSettings> {
    const [s, options] = await Promise.all([repo.settings(eventId), deps.registrations.ticketOptions(eventId)]);
    return { ticketId: s?.ticketId ?? null, categoryId: s?.categoryId ?? null, tickets: options.tickets, categories: options.categories };
  }

  async function list(company: CompanyRow): Promise<TStaffBadgeList> {
    const [rows, quota, settings] = await Promise.all([repo.staff(company.eventId, company.id), deps.quotaOf(company.eventId, company.id), repo.settings(company.eventId)]);
    const regs = new Map((await deps.registrations.attendeesByIds(rows.flatMap((r) => (r.registrationId ? [r.registrationId] : [])))).map((a) => [a.id, a]));
    const staff = rows.map((r) => memberOf(r, r.registrationId ? regs.get(r.registrationId) : undefined));
    return {
      company: { id: company.id, name: company.name },
      quota,
      issued: staff.filter((s) => s.badge?.state === 'active').length,
      isTicketChosen: Boolean(settings?.ticketId),
      staff,
    };
  }
  function memberOf(r: StaffRow, reg: Attendee | undefined): TStaffMember {
    return {
      id: r.id,
      email: r.email,
      firstName: r.firstName,
      lastName: r.lastName,
      badge:
        r.registrationId && reg
          ? { registrationId: reg.id, registrationNo: reg.registrationNo, issuedAt: (r.badgeIssuedAt ?? reg.createdAt).toISOString(), state: deps.registrations.isAdmissible(reg) ? 'active' : 'cancelled' }
          : null,
    };
  }

  async function issue(company: CompanyRow, staffId: string, name: { firstName: string; lastName: string }, actorUserId: string): Promise<TStaffMember> {
    const settings = await repo.settings(company.eventId);
    if (!settings?.ticketId) throw staffBadgeErrors.ticketNotSet();
    const current = await repo.staffMember(company.eventId, company.id, staffId);
    if (!current) throw staffBadgeErrors.staffNotFound();
    if (current.registrationId) {
      // A badge whose registration was cancelled elsewhere (or by a revoke that stopped half-way) may be reissued.
      const [reg] = await deps.registrations.attendeesByIds([current.registrationId]);
      if (reg && deps.registrations.isAdmissible(reg)) throw staffBadgeErrors.issued(current.email);
      await repo.unlink(current.id, current.registrationId);
    }
    const quota = await deps.quotaOf(company.eventId, company.id);
    const claim = await repo.claim(company.eventId, company.id, staffId, name, quota, deps.now());
    if (!claim.ok) {
      if (claim.reason === 'notFound') throw staffBadgeErrors.staffNotFound();
      if (claim.reason === 'issued') throw staffBadgeErrors.issued(current.email);
      if (claim.reason === 'inProgress') throw staffBadgeErrors.inProgress(current.email);
      throw exhibitionErrors.staffQuotaExceeded(company.name, quota ?? 0, (claim.used ?? 0) + 1);
    }
    const row = claim.row;
    let registrationId: string;
    try {
      // An issue that stopped after registering (a crash before the link) left an active registration on the staff
      // ticket with this email: it is linked, not made twice.
      const earlier = (await deps.registrations.attendeesOfEmail(company.eventId, row.email)).find((a) => a.ticketId === settings.ticketId && deps.registrations.isAdmissible(a));
      registrationId =
        earlier?.id ??
        (
          await deps.complimentary.issue({
            organisationId: company.organisationId,
            eventId: company.eventId,
            ticketId: settings.ticketId,
            categoryId: settings.categoryId,
            person: { firstName: name.firstName, lastName: name.lastName, email: row.email },
            actorUserId,
            reason: REASON,
          })
        ).registrationId;
    } catch (err) {
      await repo.release(row.id);
      throw err;
    }
    const saved = await repo.issued(row.id, registrationId, deps.now());
    await deps.audit.record({ organisationId: company.organisationId, actorUserId, action: 'exhibition.staff_badge_issued', target: row.id, meta: { eventId: company.eventId, companyId: company.id, registrationId } });
    const [reg] = await deps.registrations.attendeesByIds([registrationId]);
    return memberOf(saved, reg);
  }

  async function revoke(company: CompanyRow, staffId: string, actorUserId: string): Promise<TStaffMember> {
    const current = await repo.staffMember(company.eventId, company.id, staffId);
    if (!current) throw staffBadgeErrors.staffNotFound();
    if (!current.registrationId) throw staffBadgeErrors.notIssued(current.email);
    // Cancel first, then unlink: a stop between the two leaves a cancelled badge shown as such, never a live one unlisted.
    await deps.complimentary.cancel({ organisationId: company.organisationId, eventId: company.eventId, registrationId: current.registrationId, actorUserId, reason: REASON });
    const row = (await repo.unlink(current.id, current.registrationId)) ?? current;
    await deps.audit.record({ organisationId: company.organisationId, actorUserId, action: 'exhibition.staff_badge_revoked', target: current.id, meta: { eventId: company.eventId, companyId: company.id, registrationId: current.registrationId } });
    return memberOf(row, undefined);
  }

  return {
    async settings(caller: AuthUser, organisationId: string, eventId: string): Promise<TStaffBadgeSettings> {
      await deps.assertEvent(caller, organisationId, eventId);
      return settingsView(eventId);
    },
    async saveSettings(caller: AuthUser, organisationId: string, eventId: string, input: TStaffBadgeSettingsInput): Promise<TStaffBadgeSettings> {
      await deps.assertEvent(caller, organisationId, eventId);
      const options = await deps.registrations.ticketOptions(eventId);
      const fields: { field: string; key: string }[] = [];
      if (input.ticketId !== null) {
        const t = options.tickets.find((x) => x.id === input.ticketId);
        if (!t) fields.push({ field: 'ticketId', key: 'unknownTicket' });
        else if (!t.isFree) fields.push({ field: 'ticketId', key: 'ticketNotFree' });
      }
      if (input.categoryId !== null && !options.categories.some((c) => c.id === input.categoryId)) fields.push({ field: 'categoryId', key: 'unknownCategory' });
      if (fields.length) throw appErrors.validation(fields);
      await repo.saveSettings({ organisationId, eventId }, { ticketId: input.ticketId, categoryId: input.categoryId }, caller.userId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.staff_badge_settings', target: eventId, meta: { ticketId: input.ticketId, categoryId: input.categoryId } });
      return settingsView(eventId);
    },

    async companyBadges(caller: AuthUser, organisationId: string, eventId: string, companyId: string): Promise<TStaffBadgeList> {
      await deps.assertEvent(caller, organisationId, eventId);
      return list(await ownCompany(organisationId, eventId, companyId));
    },
    async issueBadge(caller: AuthUser, organisationId: string, eventId: string, companyId: string, staffId: string, name: { firstName: string; lastName: string }): Promise<TStaffMember> {
      await deps.assertEvent(caller, organisationId, eventId);
      return issue(await ownCompany(organisationId, eventId, companyId), staffId, name, caller.userId);
    },
    async revokeBadge(caller: AuthUser, organisationId: string, eventId: string, companyId: string, staffId: string): Promise<TStaffMember> {
      await deps.assertEvent(caller, organisationId, eventId);
      return revoke(await ownCompany(organisationId, eventId, companyId), staffId, caller.userId);
    },

    async myBadges(caller: Participant, eventId: string): Promise<TStaffBadgeList> {
      return list((await adminCompany(caller, eventId)).company);
    },
    async myIssueBadge(caller: Participant, eventId: string, staffId: string, name: { firstName: string; lastName: string }): Promise<TStaffMember> {
      const { company, userId } = await adminCompany(caller, eventId);
      return issue(company, staffId, name, userId);
    },
    async myRevokeBadge(caller: Participant, eventId: string, staffId: string): Promise<TStaffMember> {
      const { company, userId } = await adminCompany(caller, eventId);
      return revoke(company, staffId, userId);
    },

    /** The staff list's save refuses to drop people holding an active badge (exhibition.service.ts saveCompanyStaff). */
    async assertBadgesKept(eventId: string, companyId: string, keptEmails: string[]): Promise<void> {
      const holders = (await repo.badgeHolders(eventId, companyId)).filter((h) => !keptEmails.includes(h.email));
      if (holders.length === 0) return;
      const regs = await deps.registrations.attendeesByIds(holders.map((h) => h.registrationId!));
      const live = holders.filter((h) => regs.some((r) => r.id === h.registrationId && deps.registrations.isAdmissible(r)));
      if (live.length) throw staffBadgeErrors.hasBadge(live.map((h) => h.email));
    },
  };
}

export type StaffBadgesService = ReturnType<typeof createStaffBadgesService>;
