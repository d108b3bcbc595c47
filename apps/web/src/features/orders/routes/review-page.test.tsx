import type { TIssue, TReviewOrder } from '@orderbridge/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json, renderInShop } from '../test/render';
import ReviewPage from './review-page';

afterEach(cleanup);

const issue = (i: Partial<TIssue> & Pick<TIssue, 'table' | 'column' | 'description'>): TIssue => ({
  tempOrderId: 5,
  tempOrderItemId: null,
  ...i,
});

const ISSUES: TIssue[] = [
  issue({
    table: 'items',
    column: 'amount',
    tempOrderItemId: 11,
    description: 'Quantity × price − discount is 25.00 but the line says 35.00',
  }),
  issue({
    table: 'totals',
    column: 'subtotal',
    description: 'Line amounts add up to 73.20 but the subtotal says 63.20',
  }),
  issue({ table: 'document', column: 'pages', description: 'Page 2 could not be read' }),
];

function reviewOrder(extra: Partial<TReviewOrder> = {}): TReviewOrder {
  return {
    id: 5,
    tempOrderId: 5,
    status: 'pending_review',
    fileName: 'invoice.png',
    contentType: 'image/png',
    pages: 1,
    documentType: 'invoice',
    currency: 'GBP',
    vendor: { name: 'Fresh Farm Supplies' },
    recipient: {},
    invoiceTo: { name: 'Corner Shop' },
    insertedBy: {},
    uploadedVia: 'upload',
    emailSender: null,
    headers: { invoiceNum: 'INV-7001', invoiceDate: '2026-03-02' },
    totals: { subtotal: 63.2, vat: 12.64, invoiceTotal: 75.84 },
    otherData: { notes: null, companyAddress: null },
    supplier: {
      globalSupplierId: 9,
      globalSupplierName: 'Fresh Farm',
      shopSupplierName: 'Fresh Farm',
      shopSupplierId: 7,
    },
    skipApproval: false,
    pendingReview: true,
    aiModel: 'reader',
    items: [
      {
        id: 11,
        tempOrderItemId: 11,
        lineNo: 1,
        itemCode: 'APL-01',
        itemDesc: 'Apples',
        itemQty: 10,
        price: 2.5,
        amount: 35,
      },
      {
        id: 12,
        tempOrderItemId: 12,
        lineNo: 2,
        itemCode: 'BRD-02',
        itemDesc: 'Bread',
        itemQty: 5,
        price: 3.2,
        amount: 16,
      },
    ],
    issues: ISSUES,
    boxes: {
      'headers.invoiceNum': { page: 1, x: 0.6, y: 0.1, w: 0.2, h: 0.02 },
      'items.0': { page: 1, x: 0.1, y: 0.3, w: 0.8, h: 0.02 },
    },
    confidence: 0.8,
    isPendingReview: true,
    isInTraining: true,
    isProcessed: false,
    orderId: null,
    processedBy: null,
    ...extra,
  };
}

const ok = (data: unknown, status = 200) => json(status, { success: true, message: 'ok', data });
const BASE = '/api/shops/1/orders/pending-review/5';

function renderReview(handler: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi((c) => {
    if (c.method === 'GET' && c.path === '/api/shops/1/orders/unprocessed/5/invoice-url')
      return ok({ url: '/api/files/signed/t', expiresAt: new Date(Date.now() + 300_000).toISOString() });
    return handler(c);
  });
  const view = renderInShop(<ReviewPage />, {
    path: '/shops/1/orders/review/5',
    route: '/shops/:companyId/orders/review/:docId',
    routes: [{ path: '/shops/:companyId/orders/:orderId', element: <p>Order page</p> }],
  });
  return { api, ...view };
}

describe('ReviewPage', () => {
  it('shows each issue in words next to its field, line and in the summary, and counts them', async () => {
    renderReview((c) => (c.method === 'GET' && c.path === BASE ? ok(reviewOrder()) : undefined));
    await screen.findByRole('heading', { name: 'Review invoice INV-7001' });

    const summary = screen.getByTestId('issue-summary');
    expect(summary.textContent).toContain('Line 1 · Amount');
    expect(summary.textContent).toContain('Subtotal');
    // An issue about something without a field of its own is still listed.
    expect(summary.textContent).toContain('Page 2 could not be read');
    expect(screen.getByTestId('issue-count').textContent).toBe('3 issues remaining');

    // The subtotal's issue sits under the subtotal field, which is marked.
    const subtotal = screen.getByLabelText('Subtotal');
    expect(subtotal.getAttribute('aria-invalid')).toBe('true');
    const described = (subtotal.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(
      'Line amounts add up to 73.20 but the subtotal says 63.20',
    );

    // The line's issue is under line 1 and marks its amount, not line 2's.
    const line1 = screen.getByLabelText('Line 1 amount');
    expect(line1.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Line 2 amount').getAttribute('aria-invalid')).toBeNull();
    const lineIssue = document.getElementById(line1.getAttribute('aria-describedby') ?? '');
    expect(lineIssue?.textContent).toContain('Quantity × price − discount is 25.00 but the line says 35.00');
    expect(screen.getByLabelText('Invoice number').getAttribute('aria-invalid')).toBeNull();

    // The document shows the read fields, the ones with issues marked.
    await waitFor(() =>
      expect(document.querySelector('[data-box-key="items.0"]')?.className).toContain('border-amber-500'),
    );
    expect(document.querySelector('[data-box-key="headers.invoiceNum"]')?.className).not.toContain('amber');
  });

  it('saves a field with Enter and an item, and the count follows the re-checked issues', async () => {
    let doc = reviewOrder();
    const { api } = renderReview((c) => {
      if (c.method === 'GET' && c.path === BASE) return ok(doc);
      if (c.method === 'PATCH' && c.path === BASE) {
        doc = { ...doc, headers: { ...doc.headers, orderNum: 'PO-1' } };
        return ok(doc);
      }
      if (c.method === 'PATCH' && c.path === `${BASE}/item/11`) {
        doc = {
          ...doc,
          items: doc.items.map((i) => (i.id === 11 ? { ...i, amount: 25 } : i)),
          issues: doc.issues.filter((i) => i.table === 'document'),
        };
        return ok(doc);
      }
      return undefined;
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Review invoice INV-7001' });
    await user.type(screen.getByLabelText('Order number'), 'PO-1{Enter}');
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ headers: { orderNum: 'PO-1' } }),
    );

    await user.clear(screen.getByLabelText('Line 1 amount'));
    await user.type(screen.getByLabelText('Line 1 amount'), '25{Enter}');
    await waitFor(() => expect(screen.getByTestId('issue-count').textContent).toBe('1 issue remaining'));
    expect(api.calls.find((c) => c.path === `${BASE}/item/11`)?.body).toEqual({ amount: 25 });
    expect(screen.getByLabelText('Line 1 amount').getAttribute('aria-invalid')).toBeNull();
  });

  it('offers Process anyway when the server refuses with issues, then opens the order', async () => {
    const { api, router } = renderReview((c) => {
      if (c.method === 'GET' && c.path === BASE) return ok(reviewOrder());
      if (c.method === 'POST' && c.path === `${BASE}/process`) {
        if ((c.body as { override?: boolean }).override)
          return ok(reviewOrder({ status: 'processed', orderId: 42, issues: [] }));
        return json(409, {
          success: false,
          message: 'The document still has issues.',
          errors: { issues: ['Line amounts add up to 73.20 but the subtotal says 63.20'] },
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Review invoice INV-7001' });
    // Ctrl+Enter processes from anywhere on the screen.
    await user.keyboard('{Control>}{Enter}{/Control}');
    const refused = await screen.findByRole('dialog', { name: 'This order still has issues' });
    expect(refused.textContent).toContain('Line amounts add up to 73.20 but the subtotal says 63.20');
    await user.click(within(refused).getByRole('button', { name: 'Process anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shops/1/orders/42'));
    expect(api.calls.filter((c) => c.path === `${BASE}/process`).map((c) => c.body)).toEqual([
      { override: false },
      { override: true },
    ]);
    expect(await screen.findByText('Order INV-7001 was processed.')).toBeTruthy();
  });
});
