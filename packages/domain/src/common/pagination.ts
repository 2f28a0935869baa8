import { z } from 'zod';

/** SPEC §9: default page size 10, a pager window of up to 6 pages. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const PAGER_WINDOW = 6;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const zPage = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TPage<T> = { items: T[]; total: number; page: number; pageSize: number };

/** The page numbers to show: at most `window` pages, centred on the current one where possible. */
export function pagerWindow(current: number, totalPages: number, window = PAGER_WINDOW): number[] {
  if (totalPages <= 0) return [];
  const size = Math.min(window, totalPages);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
