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

/** A page of a list: `data = { total, page, perPage, data: [...] }`. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
    data: z.array(item),
  });
export type TPage<T> = { total: number; page: number; perPage: number; data: T[] };
