import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderInShop, supplier } from '../test/render';
import SuppliersPage from './suppliers-page';

afterEach(cleanup);

const many = Array.from({ length: 130 }, (_, i) =>
  supplier(i + 1, `Supplier ${String(i).padStart(3, '0')}`, i === 0 ? { totalOrders: 7, claimed: true } : {}),
);

describe('SuppliersPage', () => {
  it('shows a page of 25 from the API with metrics, pages by the API and searches by name there', async () => {
    const api = fakeApi({ suppliers: many });
    const user = userEvent.setup();
    renderInShop(<SuppliersPage />);
    expect(await screen.findByText('130 suppliers', {}, { timeout: 10_000 })).toBeTruthy();
    const gets = () => api.calls.filter((c) => c.method === 'GET').map((c) => c.url);
    expect(gets()[0]).toBe('/api/shops/1/suppliers?Page=1&PerPage=25');
    const first = screen.getByRole('row', { name: /Supplier 000/ });
    expect(within(first).getByText('On OrderBridge')).toBeTruthy();
    expect(first.textContent).toContain('7');
    expect(screen.getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Page 1 of 6')).toBeTruthy();
    // The next page was asked for already, so Next shows it without a wait.
    await waitFor(() => expect(gets()).toContain('/api/shops/1/suppliers?Page=2&PerPage=25'), {
      timeout: 10_000,
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 6', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Supplier 025/ })).toBeTruthy();

    // A search is sent once it is 3 characters long, and starts again at page 1.
    fireEvent.change(screen.getByLabelText('Search suppliers'), { target: { value: 'su' } });
    expect(screen.getByText('Type at least 3 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search suppliers'), { target: { value: 'supplier 12' } });
    // Sent once typing settles (300 ms): waited for generously, a loaded machine may take longer.
    expect(await screen.findByText('10 suppliers', {}, { timeout: 10_000 })).toBeTruthy();
    expect(gets()).toContain('/api/shops/1/suppliers?Page=1&PerPage=25&search=supplier+12');
    expect(gets().some((u) => u.includes('search=su&') || u.endsWith('search=su'))).toBe(false);
    expect(screen.queryByText(/Page \d+ of/)).toBeNull();
  }, 40_000);

  it('resends the invitation of a supplier nobody has claimed yet', async () => {
    const api = fakeApi({ suppliers: [supplier(1, 'Acme'), supplier(2, 'Bolt', { claimed: true })] });
    api.fetchMock.mockImplementation(
      ((original) => async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/suppliers/1/invitation')) {
          return new Response(
            JSON.stringify({ success: true, message: 'Invitation sent to acme@example.com.', data: null }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          );
        }
        return original(input, init);
      })(api.fetchMock.getMockImplementation()!),
    );
    const user = userEvent.setup();
    renderInShop(<SuppliersPage />);
    await waitFor(() => expect(screen.getByText('2 suppliers')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Resend invitation to Bolt' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resend invitation to Acme' }));
    expect(await screen.findByText('Invitation sent to acme@example.com.')).toBeTruthy();
  });

  it('offers edit and delete to admins only', async () => {
    fakeApi({ suppliers: [supplier(1, 'Acme')] });
    renderInShop(<SuppliersPage />, { isAdmin: false });
    await waitFor(() => expect(screen.getByText('1 supplier')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Edit Acme' })).toBeNull();
    expect(screen.getByText('Only administrators can edit or delete suppliers.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Create new supplier/ }).length).toBeGreaterThan(0);
  });
});
