import type { TOrderListItem, TUnprocessedOrder } from '@orderbridge/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadOrderContext } from '../../../lib/upload-order-context';
import { fakeApi, fakeEventStream, json, renderInShop } from '../test/render';
import OrdersPage from './orders-page';

afterEach(cleanup);

const page = <T,>(data: T[], total = data.length) =>
  json(200, { success: true, message: 'ok', data: { total, page: 1, perPage: 25, data } });

const documentRow = (status: TUnprocessedOrder['status']): TUnprocessedOrder => ({
  id: 5,
  tempOrderId: 5,
  shopId: 1,
  supplierId: 9,
  supplierName: 'Fresh Farm Supplies',
  shopSupplierId: 7,
  fileName: 'march.pdf',
  originalFilename: 'march.pdf',
  uploadedVia: 'upload',
  userUploaded: 'olga@example.com',
  emailSender: null,
  memo: null,
  createdDate: new Date().toISOString(),
  status,
  statusText: {
    reading: 'Reading',
    pending_review: 'Needs review',
    processed: 'Processed',
    failed: 'Failed',
  }[status],
  invoiceNum: status === 'reading' ? null : 'INV-7001',
  orderNum: null,
  invoiceDate: null,
  invoiceTotal: status === 'reading' ? null : 75.84,
  currency: 'GBP',
  vendorName: null,
  recipientName: null,
  invoiceToName: null,
  pendingReview: status === 'pending_review',
  inTraining: true,
  isProcessed: false,
  issueCount: status === 'reading' ? 0 : 2,
  orderId: null,
});

describe('OrdersPage (shop)', () => {
  it('offers Upload order on the empty list and asks the API with the chosen filters', async () => {
    const api = fakeApi((c) => {
      if (c.path.startsWith('/api/shops/1/orders?')) return page<TOrderListItem>([]);
      if (c.path.startsWith('/api/shops/1/orders/')) return page<TUnprocessedOrder>([]);
      if (c.path.startsWith('/api/shops/1/suppliers'))
        return page([{ shopSupplierId: 7, supplierName: 'Fresh Farm Supplies' }]);
      return undefined;
    });
    const openUpload = vi.fn();
    const user = userEvent.setup();
    renderInShop(
      <UploadOrderContext.Provider value={openUpload}>
        <OrdersPage />
      </UploadOrderContext.Provider>,
      { path: '/shops/1/orders' },
    );
    const empty = (await screen.findByText('No orders yet')).parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Upload order' }));
    expect(openUpload).toHaveBeenCalledTimes(1);

    await user.selectOptions(screen.getByLabelText('Status'), 'delivered');
    await screen.findByText('No orders match these filters');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Fresh Farm Supplies' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Supplier'), '7');
    await waitFor(() =>
      expect(api.calls.map((c) => c.path)).toContain(
        '/api/shops/1/orders?Page=1&PerPage=25&status=delivered&shopSupplierId=7',
      ),
    );
  });

  it('shows a document being read and follows it live until it needs review', async () => {
    let status: TUnprocessedOrder['status'] = 'reading';
    fakeApi((c) => {
      if (c.path.startsWith('/api/shops/1/orders/unprocessed')) return page([documentRow(status)]);
      if (c.path.startsWith('/api/shops/1/orders/pending-review'))
        return page(status === 'reading' ? [] : [documentRow(status)]);
      if (c.path.startsWith('/api/shops/1/suppliers')) return page([]);
      if (c.path === '/api/notifications/stream-ticket')
        return json(200, { success: true, message: 'ok', data: { ticket: 't', expiresIn: 60 } });
      return undefined;
    });
    const stream = await fakeEventStream();
    const user = userEvent.setup();
    renderInShop(<OrdersPage />, { path: '/shops/1/orders?tab=unprocessed' });
    const row = await screen.findByRole('row', { name: /march\.pdf/ });
    expect(row.textContent).toContain('Reading');
    // A document being read cannot be opened yet.
    expect(within(row).queryByRole('link')).toBeNull();

    // Reading ends: the stream says so and the list moves without a reload.
    status = 'pending_review';
    stream.emit({ type: 'document', companyId: 1, data: { documentId: 5, stage: 'ready' } });
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /INV-7001/ }).textContent).toContain('Needs review'),
    );
    const link = within(screen.getByRole('row', { name: /INV-7001/ })).getByRole('link', {
      name: 'INV-7001',
    });
    expect(link.getAttribute('href')).toBe('/shops/1/orders/review/5');
    expect(screen.getByRole('row', { name: /INV-7001/ }).textContent).toContain('2 issues');

    await user.click(screen.getByRole('tab', { name: /Needs review/ }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /Needs review/ }).textContent).toContain('1'));
    stream.release();
  });

  it('keeps sort, search and page in the address, waits for 3 characters, shows a capped total and asks for the next page ahead', async () => {
    const rows = Array.from(
      { length: 25 },
      (_, i) =>
        ({
          id: i + 1,
          invoiceNum: `INV-${1000 + i}`,
          orderNum: null,
          supplierName: 'Fresh Farm Supplies',
          companyName: 'Corner Shop',
          orderStatus: 'open',
          orderStatusText: 'Open',
          invoiceDate: '2026-11-01',
          createdDate: '2026-11-01T10:00:00Z',
          invoiceTotal: 12.5,
          currency: 'GBP',
          totalItems: 2,
        }) as unknown as TOrderListItem,
    );
    const api = fakeApi((c) => {
      if (c.path.startsWith('/api/shops/1/orders?'))
        return json(200, {
          success: true,
          message: 'ok',
          data: { total: 10_000, totalCapped: true, page: 1, perPage: 25, nextCursor: 'next', data: rows },
        });
      if (c.path.startsWith('/api/shops/1/orders/')) return page<TUnprocessedOrder>([]);
      if (c.path.startsWith('/api/shops/1/suppliers')) return page([]);
      return undefined;
    });
    const paths = () => api.calls.map((c) => c.path);
    const user = userEvent.setup();
    const { router } = renderInShop(<OrdersPage />, { path: '/shops/1/orders?sort=total' });
    // The total as the API gives it: capped at 10,000.
    expect(await screen.findByText('10,000+ orders')).toBeTruthy();
    expect(screen.getByText(/Page 1 of 400\+/)).toBeTruthy();
    // Page 2 is asked for before anyone clicks Next.
    await waitFor(() => expect(paths()).toContain('/api/shops/1/orders?Page=2&PerPage=25&sort=total'));

    // Two characters: a hint, and no request (the API would answer 400).
    await user.type(screen.getByLabelText('Search'), 'in');
    expect(await screen.findByText('Type at least 3 characters')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 500));
    expect(paths().filter((p) => p.includes('search='))).toEqual([]);
    // The third character: one request once typing settles, and the term in the address.
    await user.type(screen.getByLabelText('Search'), 'v');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=total&q=inv'));
    await waitFor(() =>
      expect(paths()).toContain('/api/shops/1/orders?Page=1&PerPage=25&search=inv&sort=total'),
    );
    expect(screen.queryByText('Type at least 3 characters')).toBeNull();
    expect(
      new Set(
        paths()
          .filter((p) => p.includes('search='))
          .map((p) => /search=(\w+)/.exec(p)![1]),
      ),
    ).toEqual(new Set(['inv']));

    // Next keeps the search and sort in the address; Back to the address restores the box.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=total&q=inv&page=2'));
    await router.navigate('/shops/1/orders?q=fresh');
    await waitFor(() => expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('fresh'));
  });
});
