import type { TDisputeRow } from '@orderbridge/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
// The orders feature's test harness (fake API, shop context); shared test code, not app code.
import { fakeApi, json, renderInShop } from '../../orders/test/render';
import DisputesPage from './disputes-page';

afterEach(cleanup);

const row: TDisputeRow = {
  id: 3,
  disputeId: 3,
  mainDisputeId: 1,
  orderId: 9,
  itemId: 21,
  quantity: 2,
  orderNum: 'PO-77',
  invoiceNum: 'INV-1001',
  supplierId: 5,
  supplierName: 'Fresh Farm',
  shopId: 1,
  shopName: 'Corner Shop',
  invoiceDate: '2026-11-02',
  itemCode: 'A100',
  itemDesc: 'Organic apples 1kg',
  userName: 'Olga Shop',
  imageUrl: null,
  noteFromReceiver: '22 of 24 cases arrived',
  reason: 'short_delivery',
  reasonText: 'Short delivery',
  status: 'accepted',
  statusText: 'Accepted',
  active: true,
  priceDifference: null,
  disputeVal: 5,
  totalCredit: 2,
  currency: 'GBP',
  unreadMessages: 1,
  createdDate: '2026-11-03T10:00:00.000Z',
  updatedDate: '2026-11-03T10:00:00.000Z',
};
const page = (data: TDisputeRow[]) =>
  json(200, {
    success: true,
    message: 'ok',
    data: { total: data.length, page: 1, perPage: 25, data, totalDisputed: 5, totalCredited: 2 },
  });

describe('DisputesPage', () => {
  it('lists the active disputes with their totals and asks again for another status tab', async () => {
    const api = fakeApi((c) =>
      c.path.startsWith('/api/shops/1/disputes')
        ? page(c.path.includes('withdrawn') ? [] : [row])
        : undefined,
    );
    renderInShop(<DisputesPage />, { path: '/shops/1/disputes' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Organic apples 1kg')).toBeTruthy();
    expect(within(table).getByText('Short delivery')).toBeTruthy();
    expect(within(screen.getByLabelText('Totals')).getByText('£5.00')).toBeTruthy();
    expect(api.calls[0]!.path).toContain('status=active');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Withdrawn' }));
    await waitFor(() => expect(screen.getByText('No disputes match')).toBeTruthy());
    expect(api.calls.at(-1)!.path).toContain('status=withdrawn');
  });

  it('reads tab, search, sort and page from the address, waits for 3 characters and prefetches the next page', async () => {
    const api = fakeApi((c) =>
      c.path.startsWith('/api/shops/1/disputes')
        ? json(200, {
            success: true,
            message: 'ok',
            // More than the count's cap: the total says so and the sums are left out.
            data: {
              total: 10_000,
              totalCapped: true,
              page: 2,
              perPage: 25,
              data: [row],
              totalDisputed: null,
              totalCredited: null,
            },
          })
        : undefined,
    );
    renderInShop(<DisputesPage />, { path: '/shops/1/disputes?status=all&q=apples&sort=oldest&page=2' });
    await screen.findByRole('table');
    const first = api.calls[0]!.path;
    expect(first).toContain('search=apples');
    expect(first).toContain('sort=oldest');
    expect(first).toContain('Page=2');
    expect(first).not.toContain('status=');
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('list-total').textContent).toBe('10,000+ disputes');
    expect(screen.queryByLabelText('Totals')).toBeNull();
    // The next page is asked for before anyone presses Next.
    await waitFor(() => expect(api.calls.some((c) => c.path.includes('Page=3'))).toBe(true));

    const user = userEvent.setup();
    const box = screen.getByRole('searchbox');
    await user.clear(box);
    await user.type(box, 'eg');
    expect(await screen.findByText('Type at least 3 characters')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(api.calls.some((c) => c.path.includes('search=eg&') || c.path.endsWith('search=eg'))).toBe(false);
    await user.type(box, 'g');
    // A new search starts again at page 1.
    await waitFor(() =>
      expect(api.calls.some((c) => c.path.includes('Page=1&') && c.path.includes('search=egg'))).toBe(true),
    );
  });

  it('says so when the list cannot be loaded', async () => {
    fakeApi(() => json(500, { success: false, message: 'boom', data: null, trace: 't' }));
    renderInShop(<DisputesPage />, { path: '/shops/1/disputes' });
    expect(await screen.findByText('The disputes could not be loaded')).toBeTruthy();
  });
});
