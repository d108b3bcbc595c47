import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderInShop, supplier } from '../test/render';
import { CREATE_SUPPLIER_TEXT, CreateSupplierDialog } from './create-supplier-dialog';

afterEach(cleanup);

async function fill(name: string, email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Supplier name'), name);
  await user.type(screen.getByLabelText('Supplier email'), email);
  await user.click(screen.getByRole('button', { name: 'Create supplier' }));
  return user;
}

describe('CreateSupplierDialog', () => {
  it('keeps Create supplier disabled until both name and email are given', async () => {
    fakeApi({ suppliers: [] });
    const user = userEvent.setup();
    renderInShop(<CreateSupplierDialog open onOpenChange={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Create supplier' });
    expect(button).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Supplier name'), 'Acme');
    expect(button).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Supplier email'), 'a@acme.example');
    expect(button).toHaveProperty('disabled', false);
    expect(screen.getByLabelText('Supplier email')).toHaveProperty('type', 'email');
  });

  it('shows the loading overlay, then the green toast, and hands over the created supplier', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const api = fakeApi({ suppliers: [] });
    const original = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await gate;
      return original(input, init);
    });
    const onCreated = vi.fn();
    const onOpenChange = vi.fn();
    renderInShop(<CreateSupplierDialog open onOpenChange={onOpenChange} onCreated={onCreated} />);
    await fill('Acme', 'A@Acme.example');
    expect(await screen.findByText(CREATE_SUPPLIER_TEXT.loading('Acme'))).toBeTruthy();
    expect(screen.getByText('Creating supplier client: Acme...')).toBeTruthy();
    release();
    expect(await screen.findByText('You’ve successfully added a new supplier.')).toBeTruthy();
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ supplierName: 'Acme' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByText(CREATE_SUPPLIER_TEXT.loading('Acme'))).toBeNull();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      supplierName: 'Acme',
      supplierEmail: 'a@acme.example',
    });
  });

  it('says the data is not there when the reply has no supplier', async () => {
    fakeApi({
      suppliers: [],
      onCreate: () => ({ status: 201, body: { success: true, message: 'ok', data: null } }),
    });
    renderInShop(<CreateSupplierDialog open onOpenChange={() => undefined} />);
    await fill('Acme', 'a@acme.example');
    expect(await screen.findByText("Error creating supplier client, data isn't there")).toBeTruthy();
  });

  it('shows the server error in the error overlay, which closes back to the form', async () => {
    fakeApi({
      suppliers: [],
      onCreate: () => ({
        status: 409,
        body: {
          success: false,
          message: 'The supplier with a@acme.example is already in your list as "Acme Ltd".',
          data: null,
          errors: { supplierEmail: ['Already in your list as "Acme Ltd"'] },
          trace: 't1',
        },
      }),
    });
    renderInShop(<CreateSupplierDialog open onOpenChange={() => undefined} />);
    const user = await fill('Acme', 'a@acme.example');
    expect(
      await screen.findByText(
        'Error creating supplier client: The supplier with a@acme.example is already in your list as "Acme Ltd".',
      ),
    ).toBeTruthy();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Already in your list as "Acme Ltd"')).toBeTruthy();
    expect(screen.getByLabelText('Supplier name')).toHaveProperty('value', 'Acme');
  });

  it('abandons the form when the name is already one of the shop’s suppliers', async () => {
    const api = fakeApi({ suppliers: [supplier(1, 'Acme Wholesale')] });
    renderInShop(<CreateSupplierDialog open onOpenChange={() => undefined} />);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'GET')).toBe(true));
    await fill('ACME wholesale', 'b@acme.example');
    expect(await screen.findByText('A supplier named "Acme Wholesale" already exists')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
