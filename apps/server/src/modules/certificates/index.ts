import type { FastifyInstance } from 'fastify';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mail.ts';
import { createCertificatesRepository } from './certificates.repository.ts';
import { certificatesPublicRoutes, certificatesRoutes } from './certificates.routes.ts';
import { createCertificatesService, type AttendanceSource } from './certificates.service.ts';

export type { CertificatesService, AttendanceSource } from './certificates.service.ts';

/** Certificates: templates (SPEC §3.8), manual / bulk / attendance-rule issue, PDF, email, public verification. */
export function createCertificatesModule(
  db: Db,
  deps: {
    audit: Audit;
    mailer: Mailer;
    assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
    findEvent: (eventId: string) => Promise<{ id: string; organisationId: string; name: string; startDate: string; endDate: string; timeZone: string } | null>;
    attendance: () => AttendanceSource | null;
    publicUrl: string;
    now?: () => Date;
    userEmail: (caller: AuthUser) => Promise<string>;
  },
) {
  const service = createCertificatesService({ repo: createCertificatesRepository(db), ...deps });
  return {
    service,
    plugin: async (app: FastifyInstance) => {
      await app.register(certificatesRoutes, { prefix: '/api/eventservices', service });
      await app.register(certificatesPublicRoutes, { prefix: '/api/eventservices/public', service });
    },
  };
}
