import { describe, expect, it, vi } from 'vitest';
import { fetchAllPages, pageInfo } from './fetch-all-pages';

const pageOf = (n: number, page: number, perPage: number) => ({
  total: 0,
  page,
  perPage,
  data: Array.from({ length: n }, (_, i) => `${page}-${i}`),
});

describe('fetchAllPages (spec §7 paging)', () => {
  it('fetches 100 at a time until a short page and joins the pages', async () => {
    const sizes = [100, 100, 5];
    const fetchPage = vi.fn(async (page: number, perPage: number) => pageOf(sizes[page - 1]!, page, perPage));
    const all = await fetchAllPages(fetchPage);
    expect(all).toHaveLength(205);
    expect(fetchPage.mock.calls).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
  });

  it('stops at an empty page when the last full page ended the list', async () => {
    const sizes = [100, 0];
    const fetchPage = vi.fn(async (page: number, perPage: number) => pageOf(sizes[page - 1]!, page, perPage));
    expect(await fetchAllPages(fetchPage)).toHaveLength(100);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('errors when the page info is missing', async () => {
    expect(() => pageInfo({ total: 0, page: 1, data: [] } as never)).toThrow('perPage');
    await expect(fetchAllPages(async () => null as never)).rejects.toThrow('page');
  });
});
