import { and, eq } from 'drizzle-orm';
import { findExhibitionForm, isFormForStall } from '@pavilion/domain';
import type { Db } from '../../platform/db.ts';
import { exhibitionBooths, exhibitionFormSettings } from './exhibition.tables.ts';

/**
 * Exhibition's read model for modules built before it (a platform port, as registration's): auth asks it whether an
 * `ebf/lgn/{key}/{formId}/{boothId}/{eventId}` link names a real booth of the event, held by a company, and one of the
 * 23 forms (by its code) that is on for the event and fits the booth's stall type (SPEC §3.5).
 */
export function createBoothFormsPort(db: Db) {
  return {
    async hasBoothForm(eventId: string, boothId: string, formCode: string): Promise<boolean> {
      const def = findExhibitionForm(formCode);
      if (!def) return false;
      const [row] = await db
        .select({ companyId: exhibitionBooths.companyId, stallType: exhibitionBooths.stallType, isActive: exhibitionFormSettings.isActive })
        .from(exhibitionBooths)
        .innerJoin(exhibitionFormSettings, and(eq(exhibitionFormSettings.eventId, exhibitionBooths.eventId), eq(exhibitionFormSettings.formCode, def.formCode)))
        .where(and(eq(exhibitionBooths.eventId, eventId), eq(exhibitionBooths.id, boothId)))
        .limit(1);
      return !!row?.companyId && row.isActive && isFormForStall(def, row.stallType);
    },
  };
}
export type BoothFormsPort = ReturnType<typeof createBoothFormsPort>;
