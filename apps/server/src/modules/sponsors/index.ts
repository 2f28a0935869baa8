import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule } from '../../platform/app-module.ts';
import { createSponsorsRepository } from './sponsors.repository.ts';
import { registerSponsorsRoutes } from './sponsors.routes.ts';
import { createSponsorsService, type SponsorsDeps } from './sponsors.service.ts';
import { createSponsorsPort } from './sponsors.port.ts';
import { createSponsorFigures } from './sponsor-figures.ts';
import { createSponsorContactsService, type SponsorContactsDeps } from './sponsor-contacts.service.ts';

export type { SponsorsService } from './sponsors.service.ts';
export type { SponsorFacts, SponsorsPort } from './sponsors.port.ts';
export { sponsorsSeeder } from './sponsors.demo.ts';

/** Sponsors (SPEC §3.1 user type 3) in tiers with logos: the organiser's page, the app's `sponsor` tab, the portal's Sponsors. */
export function createSponsorsModule(db: Db, deps: Omit<SponsorsDeps, 'repo' | 'figures'>, contactDeps: Omit<SponsorContactsDeps, 'repo' | 'figures' | 'audit' | 'assertEvent' | 'companies'>) {
  const repo = createSponsorsRepository(db);
  const figures = createSponsorFigures({ repo, now: contactDeps.now });
  const service = createSponsorsService({ repo, figures, ...deps });
  // The sponsor's own account: the invitation, the contact's My sponsorship, the counted click-through.
  const contacts = createSponsorContactsService({ repo, figures, audit: deps.audit, assertEvent: deps.assertEvent, companies: deps.companies, ...contactDeps });
  return {
    service,
    contacts,
    /** What other modules read of the event's sponsors (programme: a session's sponsors). */
    port: createSponsorsPort(repo),
    plugin: async (app: FastifyInstance) => registerSponsorsRoutes(app, service, contacts),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    sponsors: ReturnType<typeof createSponsorsModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * The sponsors module in the app's module list: after portal (its attendee reads apply the tab's and the entry's
 * rules), exhibition (a sponsor may be one of the event's exhibiting companies, read through exhibition's port) and
 * auth (the sponsor contact's account, one-time sign-in link and password).
 */
export const sponsorsModule = defineModule({
  name: 'sponsors',
  needs: ['events', 'portal', 'exhibition', 'auth'],
  create: (p, { events, portal, exhibition, auth }) =>
    createSponsorsModule(
      p.db,
      {
        audit: p.audit,
        assertEvent: events.assertEvent,
        assertTabVisible: (eventId, tabName, caller) => portal.assertTabVisible(eventId, tabName, caller),
        assertEntryVisible: (eventId, entryKey) => portal.assertEntryVisible(eventId, entryKey),
        companies: (eventId) => exhibition.port.companies(eventId),
      },
      {
        now: p.now,
        eventName: async (eventId) => (await events.service.findOwner(eventId))?.name ?? null,
        mail: { send: (m) => p.mailer.send(m), publicUrl: p.publicUrl },
        // The contact's invitation, as exhibition invites a company admin: auth's accounts and its one-time `adl` links.
        accounts: {
          findUserByEmail: (email) => auth.service.findUserByEmail(email),
          createParticipantUser: (input) => auth.service.createUser({ ...input, organisationId: null }),
          organisationOfUser: async (userId) => (await p.ports.access.loadCaller(userId))?.organisationId ?? null,
          addParticipant: (organisationId, eventId, userId, userType) => events.service.addParticipant(organisationId, eventId, userId, userType),
          createLoginLink: (caller, organisationId, input) => auth.service.createAutoLoginKey(caller, organisationId, input),
          setPassword: (userId, password) => auth.service.setPassword(userId, password),
        },
      },
    ),
});
