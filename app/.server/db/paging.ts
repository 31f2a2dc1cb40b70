import { z } from "zod";

/** A page number from a query string: a hand-edited URL never fails, anything odd is page 1. */
export const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

export type Page<T> = { rows: T[]; total: number; page: number; pageCount: number; pageSize: number };

/** The page there is for `requested` (a page past the end is the last one), and its offset. */
export function pageOf(total: number, requested: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}
