import { describe, expect, it } from 'vitest';
import { httpError } from '../../../lib/errors';
import { UPLOAD_NO_MESSAGE } from '../api/upload-order';
import { isAcceptedFile, shortFileName, UPLOAD_UNEXPECTED, uploadErrorText } from './upload-rules';

describe('shortFileName (spec §5)', () => {
  it('keeps names whose base has at most 16 characters', () => {
    expect(shortFileName('invoice.pdf')).toBe('invoice.pdf');
    expect(shortFileName('exactly-16-chars.pdf')).toBe('exactly-16-chars.pdf');
  });

  it('shortens to 16 characters, an ellipsis, the last base character and the extension', () => {
    expect(shortFileName('supplier-invoice-march-2025.pdf')).toBe('supplier-invoice…5.pdf');
    expect(shortFileName('fresh-farm-invoice-march-2026.PDF')).toBe('fresh-farm-invoi…6.PDF');
    expect(shortFileName('a-very-long-name-without-extension')).toBe('a-very-long-name…n');
  });
});

describe('isAcceptedFile (spec §5)', () => {
  it('accepts PDF, PNG, JPG and JPEG in any case', () => {
    for (const name of ['a.pdf', 'b.PNG', 'c.jpg', 'd.JPEG'])
      expect(isAcceptedFile({ name, type: '' })).toBe(true);
  });

  it('refuses anything else, whatever the type claims', () => {
    for (const name of ['a.txt', 'b.gif', 'c.pdf.exe', 'd.heic'])
      expect(isAcceptedFile({ name, type: 'application/pdf' })).toBe(false);
  });

  it('judges a camera file without an extension by its type', () => {
    expect(isAcceptedFile({ name: 'image', type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedFile({ name: 'image', type: 'image/heic' })).toBe(false);
  });
});

describe('uploadErrorText (spec §8)', () => {
  it('joins the values of errors with a comma, lists included', () => {
    const e = httpError(400, {
      success: false,
      message: 'You had an error in the following fields, please fix them:',
      errors: {
        File: ['Choose a file to upload'],
        ShopSupplierId: ['Choose a supplier', 'Must be a number'],
      },
    });
    expect(uploadErrorText(e)).toBe('Choose a file to upload, Choose a supplier, Must be a number');
  });

  it('shows a string error as it is and joins an array', () => {
    expect(uploadErrorText('The file is broken')).toBe('The file is broken');
    expect(uploadErrorText(['One', 'Two'])).toBe('One, Two');
    expect(uploadErrorText(httpError(400, { success: false, errors: 'Bad file' }))).toBe('Bad file');
  });

  it('uses the server’s own sentence for refusals without field errors', () => {
    const e = httpError(415, {
      success: false,
      message: 'Only PDF, PNG, JPG, and JPEG files are supported.',
    });
    expect(uploadErrorText(e)).toBe('Only PDF, PNG, JPG, and JPEG files are supported.');
  });

  it('reports a reply without a message, and anything else generically', () => {
    expect(uploadErrorText(new Error(UPLOAD_NO_MESSAGE))).toBe(
      'No message, in response from upload. API error',
    );
    expect(uploadErrorText(new Error('boom'))).toBe(UPLOAD_UNEXPECTED);
    expect(uploadErrorText(null)).toBe('An unexpected error occurred.');
  });
});
