import { z } from 'zod';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

const pageNumber = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .min(1, 'Must be at least 1');

/**
 * Paged reads take `Page` and `PerPage` (spec §7), also in lower camel case.
 * The API lower-cases query keys before validation, so one schema covers both spellings.
 */
export const ZPageQuerySchema = z.object({
  page: pageNumber.default(1),
  perpage: pageNumber.max(MAX_PER_PAGE, `Must be at most ${MAX_PER_PAGE}`).default(DEFAULT_PER_PAGE),
});
export type TPageQuery = z.infer<typeof ZPageQuerySchema>;

/** A list's total is exact up to this many rows; beyond it the list says `total: 10000, totalCapped: true` ("10,000+"). */
export const LIST_TOTAL_CAP = 10_000;
/**
 * A search's total is exact up to this many rows ("200+" beyond, four pages of 50): a person refines a search long
 * before reading that far, and every match counted costs a lookup (a name matching 5,000 of the big shop's orders:
 * count 7.0 ms at a cap of 1,000, 2.2 ms at 200; bench/RESULTS.md, round 5).
 */
export const SEARCH_TOTAL_CAP = 200;
/** Page numbers reach this many rows deep; further pages are read with the previous page's `nextCursor`. */
export const MAX_LIST_OFFSET = 10_000;

/**
 * Search terms shorter than this are a 400: a trigram index needs three characters to narrow anything down, and a
 * one- or two-letter term would match most of a big list. Screens send nothing until the term is this long.
 */
export const SEARCH_MIN_LENGTH = 3;
/** A list's `search`: trimmed, empty means no search, otherwise SEARCH_MIN_LENGTH to 100 characters. */
export const ZSearchSchema = z
  .string()
  .trim()
  .max(100, 'Search is too long (at most 100 characters)')
  .refine((s) => s === '' || s.length >= SEARCH_MIN_LENGTH, {
    message: `Type at least ${SEARCH_MIN_LENGTH} characters to search`,
  })
  .optional();

/** The query of a list of the shared list module: the spec's page numbers plus the opaque keyset cursor. */
export const ZListQuerySchema = ZPageQuerySchema.extend({
  cursor: z.string().max(400, 'Not a cursor of this list').optional(),
});
export type TListQuery = z.infer<typeof ZListQuerySchema>;

/**
 * A page of a list: `data = { total, page, perPage, data: [...] }` (spec §3). Lists of the shared list module add
 * `totalCapped` (the total is LIST_TOTAL_CAP, or SEARCH_TOTAL_CAP with a search, and there are more) and `nextCursor` (null on the last page).
 */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    total: z.number().int(),
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    perPage: z.number().int(),
    nextCursor: z.string().nullable().optional(),
    data: z.array(item),
  });
export type TPage<T> = {
  total: number;
  totalCapped?: boolean;
  page: number;
  perPage: number;
  nextCursor?: string | null;
  data: T[];
};
