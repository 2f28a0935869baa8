import { PLAN_COLUMNS, PLAN_ROWS, checkUploadedFile, fileExtension } from '@pavilion/domain';
import { HALL_PLAN_IMAGE_MAX_BYTES, HallPlanErrorKey, type TExhibitorFilterOptions, type THallPlanImage, type THallPlanImageUpload, type TPublicHall, type TPublicHallPlan, type TPublicHallPlanQuery } from '@pavilion/domain/exhibition/hall-plans';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { HallPlanMeta, HallPlansRepository } from './hall-plans.repository.ts';

type Visitor = { user: AuthUser | null; eventAccess: EventAccess | null };
export type HallPlansDeps = {
  repo: HallPlansRepository;
  audit: Audit;
  /** Throws (404) unless the organiser may see the event (the events module's assertEvent). */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  /** The portal's rule for the Exhibitors tab's data (hidden 404, login 401, tickets 403). */
  assertTabVisible: (eventId: string, tabName: string, caller: Visitor) => Promise<unknown>;
};

export const HALL_PLAN_IMAGE_PATH = '/api/eventservices/public/hall-plan-images';
const CONTENT_TYPE_OF: Readonly<Record<string, string>> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', bmp: 'image/bmp', webp: 'image/webp' };
const urlOf = (id: string) => `${HALL_PLAN_IMAGE_PATH}/${id}`;
const viewOf = (m: HallPlanMeta): THallPlanImage => ({ hall: m.hall, imageId: m.id, url: urlOf(m.id), fileName: m.fileName, contentType: m.contentType, byteSize: m.byteSize, updatedAt: m.createdAt.toISOString() });

/** Floor-plan images per hall (organiser), the hall plan and the list's filter options (attendees). */
export function createHallPlansService(deps: HallPlansDeps) {
  const { repo } = deps;
  return {
    async images(caller: AuthUser, organisationId: string, eventId: string): Promise<THallPlanImage[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      return (await repo.images({ organisationId, eventId })).map(viewOf);
    },

    /** SPEC §5 image types by name, then the bytes must be that type (magic bytes), at most 5 MB; replaces the hall's image. */
    async uploadImage(caller: AuthUser, organisationId: string, eventId: string, input: THallPlanImageUpload): Promise<THallPlanImage> {
      await deps.assertEvent(caller, organisationId, eventId);
      const bytes = Buffer.from(input.dataBase64, 'base64');
      if (bytes.length > HALL_PLAN_IMAGE_MAX_BYTES) throw errors.validation([{ field: 'dataBase64', key: HallPlanErrorKey.FileTooLarge }]);
      const problem = checkUploadedFile(input.fileName, bytes, 'image');
      if (problem) throw errors.validation([{ field: problem === 'fileTypeNotAllowed' ? 'fileName' : 'dataBase64', key: problem }]);
      const row = await repo.putImage({
        id: newId(),
        organisationId,
        eventId,
        hall: input.hall,
        fileName: input.fileName.split(/[\\/]/).pop()!.slice(0, 255),
        contentType: CONTENT_TYPE_OF[fileExtension(input.fileName)]!,
        byteSize: bytes.length,
        bytes,
        createdBy: caller.userId,
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.hall_plan_uploaded', target: eventId, meta: { hall: input.hall, byteSize: bytes.length } });
      return viewOf(row);
    },

    async removeImage(caller: AuthUser, organisationId: string, eventId: string, hall: string): Promise<{ hall: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      if (!(await repo.removeImage({ organisationId, eventId }, hall))) throw new AppError(404, 'NOT_FOUND', `${hall} has no floor plan`);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'exhibition.hall_plan_removed', target: eventId, meta: { hall } });
      return { hall };
    },

    image: (id: string) => repo.image(id),

    /** The Exhibitors tab's rules first; then every hall (from its booths or its image), its image and booths with holders. */
    async publicPlan(caller: Visitor, eventId: string, filters: TPublicHallPlanQuery = {}): Promise<TPublicHallPlan> {
      await deps.assertTabVisible(eventId, 'exhibitors', caller);
      const isFiltered = !!(filters.category || filters.country);
      const [booths, images, matches] = await Promise.all([repo.planBooths(eventId), repo.eventImages(eventId), isFiltered ? repo.matchingCompanyIds(eventId, filters) : null]);
      const halls = new Map<string, TPublicHall>();
      const hallOf = (name: string) => {
        let h = halls.get(name);
        if (!h) halls.set(name, (h = { hall: name, imageUrl: null, booths: [] }));
        return h;
      };
      for (const b of booths) {
        hallOf(b.hall).booths.push({ id: b.id, number: b.number, x: b.x, y: b.y, w: b.w, h: b.h, company: b.companyId && b.companyName !== null ? { id: b.companyId, name: b.companyName } : null });
      }
      for (const i of images) hallOf(i.hall).imageUrl = urlOf(i.id);
      return { columns: PLAN_COLUMNS, rows: PLAN_ROWS, halls: [...halls.values()].sort((a, b) => a.hall.localeCompare(b.hall, undefined, { numeric: true })), matches };
    },

    async filterOptions(caller: Visitor, eventId: string): Promise<TExhibitorFilterOptions> {
      await deps.assertTabVisible(eventId, 'exhibitors', caller);
      return repo.filterOptions(eventId);
    },
  };
}
export type HallPlansService = ReturnType<typeof createHallPlansService>;
