import type { TShopSupplier } from '@orderbridge/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../lib/api-client';
import { fakeApi, json, renderInShop } from '../test/render';
import { type TSupplierPickerProps, UploadOrderDialog } from './upload-order-dialog';

afterEach(cleanup);

const acme = { shopSupplierId: 7, supplierName: 'Acme Wholesale' } as TShopSupplier;

/** Stands in for the partners feature's picker, which the app layer hands in. */
function FakePicker({ value, onChange }: TSupplierPickerProps) {
  return (
    <label>
      Supplier
      <select value={value?.shopSupplierId ?? ''} onChange={(e) => onChange(e.target.value ? acme : null)}>
        <option value="">None</option>
        <option value="7">Acme Wholesale</option>
      </select>
    </label>
  );
}

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <UploadOrderDialog open={open} onOpenChange={setOpen} SupplierPicker={FakePicker} />
    </>
  );
}

const pdf = (name = 'invoice.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('UploadOrderDialog', () => {
  it('shows the drop zone text and keeps Upload disabled until a file and a supplier are chosen', async () => {
    fakeApi(() => undefined);
    const user = userEvent.setup();
    renderInShop(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Upload order' });
    expect(dialog.textContent).toContain('PDF, TXT, PNG, JPG, GIF up to 10MB');
    const input = screen.getByLabelText('Order file') as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.jpg,.jpeg,.png');
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toHaveProperty('disabled', true);

    await user.upload(input, pdf());
    expect(upload).toHaveProperty('disabled', true);
    await user.selectOptions(screen.getByLabelText('Supplier'), '7');
    expect(upload).toHaveProperty('disabled', false);
    await user.selectOptions(screen.getByLabelText('Supplier'), '');
    expect(upload).toHaveProperty('disabled', true);
  });

  it('refuses other file types with the spec’s sentence and shortens long names', async () => {
    fakeApi(() => undefined);
    const user = userEvent.setup({ applyAccept: false });
    renderInShop(<Harness />);
    const input = (await screen.findByLabelText('Order file')) as HTMLInputElement;
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe('Only PDF, PNG, JPG, and JPEG files are supported.');
    expect(screen.queryByText('notes.txt')).toBeNull();

    await user.upload(input, pdf('supplier-invoice-march-2025.pdf'));
    expect(screen.queryByText('Only PDF, PNG, JPG, and JPEG files are supported.')).toBeNull();
    expect(screen.getByText('supplier-invoice…5.pdf')).toBeTruthy();
  });

  it('sends Memo, ShopSupplierId and File, then closes, resets and offers Go to orders', async () => {
    const api = fakeApi((c) =>
      c.method === 'POST' && c.path === '/api/shops/1/orders/upload'
        ? json(201, {
            success: true,
            message: 'Uploaded.',
            data: { message: 'Your file is being read.', tempOrderId: 3, status: 'reading' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderInShop(<Harness />, { path: '/shops/1/config/users' });
    await user.upload(await screen.findByLabelText('Order file'), pdf());
    await user.selectOptions(screen.getByLabelText('Supplier'), '7');
    await user.type(screen.getByLabelText(/Memo/), 'Monday delivery');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const success = await screen.findByRole('alertdialog', { name: 'Your file has been uploaded!' });
    expect(success.textContent).toContain(
      'Your order has been successfully received and is currently being processed. It will be available within an hour.',
    );
    expect(screen.queryByRole('dialog', { name: 'Upload order' })).toBeNull();
    const form = api.calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(form.get('Memo')).toBe('Monday delivery');
    expect(form.get('ShopSupplierId')).toBe('7');
    expect((form.get('File') as File).name).toBe('invoice.pdf');

    await user.click(screen.getByRole('button', { name: 'Go to orders' }));
    expect(router.state.location.pathname).toBe('/shops/1/orders');

    // Opened again, the dialog starts empty.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Upload order' });
    expect(screen.queryByText('invoice.pdf')).toBeNull();
    expect(screen.getByLabelText(/Memo/)).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
  });

  it('on failure drops the overlay and shows the errors joined with a comma in the dialog', async () => {
    fakeApi((c) =>
      c.method === 'POST'
        ? json(400, {
            success: false,
            message: 'You had an error in the following fields, please fix them:',
            errors: { File: ['The file is empty'], Memo: 'Too long' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderInShop(<Harness />);
    await user.upload(await screen.findByLabelText('Order file'), pdf());
    await user.selectOptions(screen.getByLabelText('Supplier'), '7');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByText('The file is empty, Too long')).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Upload order' })).toBeTruthy();
  });

  it('reports a reply without a message', async () => {
    fakeApi((c) => (c.method === 'POST' ? json(201, { success: true, message: '', data: null }) : undefined));
    const user = userEvent.setup();
    renderInShop(<Harness />);
    await user.upload(await screen.findByLabelText('Order file'), pdf());
    await user.selectOptions(screen.getByLabelText('Supplier'), '7');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('No message, in response from upload. API error')).toBeTruthy();
  });

  it('shows the Uploading overlay while the file is sent', async () => {
    let answer: (r: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    // The reply is held back, so the overlay can be seen while the request is in flight.
    configureApiClient({ fetch: (() => pending) as typeof fetch, onSessionExpired: () => undefined });
    const user = userEvent.setup();
    renderInShop(<Harness />);
    await user.upload(await screen.findByLabelText('Order file'), pdf());
    await user.selectOptions(screen.getByLabelText('Supplier'), '7');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alertdialog', { name: 'Uploading' })).toBeTruthy();
    answer(
      json(201, { success: true, message: 'ok', data: { message: 'ok', tempOrderId: 1, status: 'reading' } }),
    );
    expect(await screen.findByRole('alertdialog', { name: 'Your file has been uploaded!' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: 'Uploading' })).toBeNull();
  });

  it('takes a file dropped on the drop zone, and refuses a dropped file of another type', async () => {
    fakeApi(() => undefined);
    renderInShop(<Harness />);
    const zone = await screen.findByTestId('drop-zone');
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['GIF89a'], 'photo.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('Only PDF, PNG, JPG, and JPEG files are supported.')).toBeTruthy();
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['x'], 'delivery-note-from-fresh-farm.jpeg')] },
    });
    expect(await screen.findByText('delivery-note-fr…m.jpeg')).toBeTruthy();
    expect(screen.queryByText('Only PDF, PNG, JPG, and JPEG files are supported.')).toBeNull();
  });
});
