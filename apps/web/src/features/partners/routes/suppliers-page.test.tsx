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
  it('loads every page of 100, shows metrics, pages by 25 and searches by name', async () => {
    const api = fakeApi({ suppliers: many });
    const user = userEvent.setup();
    renderInShop(<SuppliersPage />);
    await waitFor(() => expect(screen.getByText('130 suppliers')).toBeTruthy());
    expect(api.calls.filter((c) => c.method === 'GET').map((c) => c.url)).toEqual([
      '/api/shops/1/suppliers?Page=1&PerPage=100',
      '/api/shops/1/suppliers?Page=2&PerPage=100',
    ]);
    const first = screen.getByRole('row', { name: /Supplier 000/ });
    expect(within(first).getByText('On OrderBridge')).toBeTruthy();
    expect(first.textContent).toContain('7');
    expect(screen.getByText('Page 1 of 6')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 6')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Supplier 025/ })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search suppliers'), { target: { value: 'supplier 12' } });
    await waitFor(() => expect(screen.getByText('10 suppliers')).toBeTruthy());
    expect(screen.queryByText('Page 1 of 1')).toBeNull();
  }, 20_000);

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
