import type { TShopSupplier } from '@orderbridge/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../components/ui/dialog';
import { fakeApi, renderInShop, supplier } from '../test/render';
import { filterSuppliers, SUPPLIER_LIST_HEIGHT_PX, SupplierPicker } from './supplier-picker';

afterEach(cleanup);

const SUPPLIERS = [supplier(1, 'Acme Wholesale'), supplier(2, 'Bolt Foods'), supplier(3, 'acorn farms')];

function Harness({ onChange }: { onChange: (s: TShopSupplier | null) => void }) {
  const [value, setValue] = useState<TShopSupplier | null>(null);
  return (
    <>
      <SupplierPicker
        value={value}
        onChange={(s) => {
          setValue(s);
          onChange(s);
        }}
      />
      <output data-testid="chosen">{value?.supplierName ?? 'none'}</output>
    </>
  );
}

const optionNames = () => screen.queryAllByRole('option').map((o) => o.querySelector('span')?.textContent);

describe('filterSuppliers', () => {
  it('matches names case-insensitively', () => {
    expect(filterSuppliers(SUPPLIERS, 'AC').map((s) => s.supplierName)).toEqual([
      'Acme Wholesale',
      'acorn farms',
    ]);
    expect(filterSuppliers(SUPPLIERS, '  ')).toHaveLength(3);
  });
});

describe('SupplierPicker', () => {
  it('opens, filters as you type, and closes on a choice', async () => {
    fakeApi({ suppliers: SUPPLIERS });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderInShop(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Open supplier list' }));
    await waitFor(() => expect(optionNames()).toEqual(['Acme Wholesale', 'Bolt Foods', 'acorn farms']));
    expect(screen.getByTestId('supplier-dropdown').style.maxHeight).toBe(`${SUPPLIER_LIST_HEIGHT_PX}px`);

    await user.type(screen.getByRole('combobox', { name: 'Supplier' }), 'aC');
    expect(optionNames()).toEqual(['Acme Wholesale', 'acorn farms']);
    await user.click(screen.getByText('acorn farms'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ shopSupplierId: 3 }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Supplier' })).toHaveProperty('value', 'acorn farms');

    // Typing clears the choice but keeps what was typed.
    await user.type(screen.getByRole('combobox', { name: 'Supplier' }), 'x');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByTestId('chosen').textContent).toBe('none');
    expect(screen.getByRole('combobox', { name: 'Supplier' })).toHaveProperty('value', 'acorn farmsx');
  });

  it('chooses with the keyboard', async () => {
    fakeApi({ suppliers: SUPPLIERS });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderInShop(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Supplier' });
    await user.type(input, 'bolt');
    await waitFor(() => expect(optionNames()).toEqual(['Bolt Foods']));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ supplierName: 'Bolt Foods' }));
  });

  it('offers Create new supplier when nothing matches and selects the new supplier', async () => {
    const api = fakeApi({ suppliers: SUPPLIERS });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderInShop(<Harness onChange={onChange} />);
    await user.type(screen.getByRole('combobox', { name: 'Supplier' }), 'Zeta Dairy');
    await waitFor(() => expect(screen.getByText('No supplier matches "Zeta Dairy".')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Create new supplier' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create new supplier' });
    expect(dialog.querySelector('input')).toHaveProperty('value', 'Zeta Dairy');
    await user.type(screen.getByLabelText('Supplier email'), 'orders@zeta.example');
    await user.click(screen.getByRole('button', { name: 'Create supplier' }));

    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('Zeta Dairy'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ shopSupplierId: 900 }));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      supplierName: 'Zeta Dairy',
      supplierEmail: 'orders@zeta.example',
    });
    expect(await screen.findByText('You’ve successfully added a new supplier.')).toBeTruthy();
    await act(async () => undefined);
    expect(screen.queryByRole('dialog', { name: 'Create new supplier' })).toBeNull();
  });

  it('closes its list on Escape without closing the dialog around it', async () => {
    fakeApi({ suppliers: SUPPLIERS });
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderInShop(
      <Dialog open onOpenChange={onOpenChange} title="Upload order">
        <Harness onChange={() => undefined} />
      </Dialog>,
    );
    const input = screen.getByRole('combobox', { name: 'Supplier' });
    await user.click(input);
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
