import type { TBadgeTemplateSummary } from '@pavilion/domain/badges/badges.schemas';

/** The template the server picks for an attendee (badges.service pickTemplate): ticket, category, default, first. */
export function pickTemplate(templates: TBadgeTemplateSummary[], a: { ticketId: string; categoryId: string | null }): TBadgeTemplateSummary | null {
  return (
    templates.find((t) => t.ticketIds.includes(a.ticketId)) ??
    templates.find((t) => a.categoryId !== null && t.categoryIds.includes(a.categoryId)) ??
    templates.find((t) => t.isDefault) ??
    templates[0] ??
    null
  );
}
