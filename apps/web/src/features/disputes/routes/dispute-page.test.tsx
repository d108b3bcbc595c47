import type { TItemDispute, TMessage } from '@orderbridge/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
// The orders feature's test harness (fake API, shop context); shared test code, not app code.
import { fakeApi, json, renderInShop } from '../../orders/test/render';
import DisputePage from './dispute-page';

afterEach(cleanup);

const message: TMessage = {
  id: 40,
  messageVal: 'Dispute rejected: the cases were signed for in full.',
  username: 'Sam Supplier',
  isRead: true,
  messageTimestamp: '2026-11-04T09:00:00.000Z',
  editedTimestamp: null,
  isResponse: true,
  isOwn: false,
  order: { id: 9, orderNum: 'PO-77', invoiceNum: 'INV-1001' },
  item: { id: 21, itemCode: 'A100', itemDesc: 'Organic apples 1kg' },
  dispute: {
    id: 3,
    mainDisputeId: 1,
    status: 'rejected',
    reasonText: 'Short delivery',
    shopName: 'Corner Shop',
    supplierName: 'Fresh Farm',
  },
};

const dispute = (over: Partial<TItemDispute> = {}): TItemDispute => ({
  id: 3,
  disputeId: 3,
  mainDisputeId: 1,
  orderId: 9,
  itemId: 21,
  quantity: 2,
  qty: 2,
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
  imageUrl: '/api/files/signed/crate.jpg',
  noteFromReceiver: '22 of 24 cases arrived',
  note: '22 of 24 cases arrived',
  reason: 'short_delivery',
  reasonText: 'Short delivery',
  status: 'rejected',
  statusText: 'Rejected',
  active: true,
  priceDifference: null,
  rejectionReason: 'the cases were signed for in full',
  disputeVal: 5,
  totalCredit: 0,
  currency: 'GBP',
  unreadMessages: 0,
  createdDate: '2026-11-03T10:00:00.000Z',
  updatedDate: '2026-11-04T09:00:00.000Z',
  line: {
    lineNo: 1,
    itemQty: 24,
    receivedQuantity: 22,
    price: 2.5,
    discount: null,
    amount: 60,
    unitOfMeasure: 'case',
  },
  messages: [message],
  credits: [],
  returns: [],
  history: [
    {
      id: 1,
      action: 'opened',
      text: 'Disputed 2 × Organic apples 1kg: Short delivery',
      userName: 'Olga Shop',
      side: 'shops',
      timestamp: '2026-11-03T10:00:00.000Z',
    },
    {
      id: 2,
      action: 'rejected',
      text: 'Rejected: the cases were signed for in full',
      userName: 'Sam Supplier',
      side: 'suppliers',
      timestamp: '2026-11-04T09:00:00.000Z',
    },
  ],
  ...over,
});

const ok = (data: unknown) => json(200, { success: true, message: 'ok', data });
const thread = ok({ total: 1, page: 1, perPage: 100, data: [message] });
const render = () =>
  renderInShop(<DisputePage />, {
    path: '/shops/1/disputes/3',
    route: '/shops/:companyId/disputes/:disputeId',
  });

describe('DisputePage', () => {
  it('shows the order line, the photo, the thread and the history, and lets the shop accept a rejection', async () => {
    let current = dispute();
    const api = fakeApi((c) => {
      if (c.path === '/api/shops/1/disputes/3') return ok(current);
      if (c.path.startsWith('/api/shops/1/disputes/3/messages')) return thread;
      if (c.method === 'POST' && c.path === '/api/shops/1/disputes/3/accept-rejection') {
        current = dispute({ status: 'resolved', statusText: 'Resolved', active: false });
        return ok(current);
      }
      return undefined;
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Organic apples 1kg' })).toBeTruthy();
    const line = screen.getByLabelText('Order line');
    expect(within(line).getByText('£60.00')).toBeTruthy();
    expect(within(line).getByText('22')).toBeTruthy();
    expect(screen.getByText('Rejected: the cases were signed for in full', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'What the shop photographed' }).getAttribute('src')).toBe(
      '/api/files/signed/crate.jpg',
    );
    expect(
      await within(await screen.findByRole('list', { name: 'Thread' })).findByText(
        'Dispute rejected: the cases were signed for in full.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Disputed 2 × Organic apples 1kg: Short delivery')).toBeTruthy();
    // the shop's actions on a rejected dispute; the supplier's answers are not offered
    expect(screen.queryByRole('button', { name: 'Credit' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept the rejection' }));
    await waitFor(() => expect(screen.getAllByText('Resolved').length).toBeGreaterThan(0));
    expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/accept-rejection'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Accept the rejection' })).toBeNull();
  });

  it('keeps the reply and says why when the server refuses it', async () => {
    fakeApi((c) => {
      if (c.path === '/api/shops/1/disputes/3')
        return ok(dispute({ status: 'withdrawn', statusText: 'Withdrawn' }));
      if (c.path.startsWith('/api/shops/1/disputes/3/messages')) return thread;
      if (c.method === 'POST' && c.path === '/api/shops/1/messages')
        return json(409, {
          success: false,
          message: 'This dispute was withdrawn; its thread is closed.',
          data: null,
          trace: 't',
        });
      return undefined;
    });
    render();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Reply'), 'Any news?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/its thread is closed/)).toBeTruthy();
    expect((screen.getByLabelText('Reply') as HTMLTextAreaElement).value).toBe('Any news?');
  });

  it('says so when the dispute cannot be loaded', async () => {
    fakeApi((c) =>
      c.path === '/api/shops/1/disputes/3'
        ? json(404, { success: false, message: 'This dispute was not found.', data: null, trace: 't' })
        : undefined,
    );
    render();
    expect(await screen.findByText('The dispute could not be loaded')).toBeTruthy();
  });
});
