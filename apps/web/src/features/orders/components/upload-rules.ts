import { UPLOAD_TYPES_MESSAGE } from '@orderbridge/contract';
import { AppError } from '../../../lib/errors';
import { UPLOAD_NO_MESSAGE } from '../api/upload-order';

/** What the file input accepts (spec §5). */
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png';
/** The drop zone's text, word for word from spec §5 (the accepted types are checked separately). */
export const DROP_ZONE_TEXT = 'PDF, TXT, PNG, JPG, GIF up to 10MB';
/** File name display limit (spec §9). */
export const FILE_NAME_LIMIT = 16;
/** The generic upload failure text of spec §8. */
export const UPLOAD_UNEXPECTED = 'An unexpected error occurred.';

export const UPLOAD_TEXT = {
  title: 'Upload order',
  submit: 'Upload',
  loading: 'Uploading',
  successTitle: 'Your file has been uploaded!',
  successText:
    'Your order has been successfully received and is currently being processed. It will be available within an hour.',
  successAction: 'Go to orders',
  typeError: UPLOAD_TYPES_MESSAGE,
} as const;

const ACCEPTED_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg'];
const ACCEPTED_TYPES = ['application/pdf', 'image/png', 'image/jpeg'];

/** PDF, PNG, JPG and JPEG only: by extension, or by type for camera files without a usable name. */
export function isAcceptedFile(file: { name: string; type: string }): boolean {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (ext) return ACCEPTED_EXTENSIONS.includes(ext);
  return ACCEPTED_TYPES.includes(file.type);
}

/**
 * Long file names (spec §5): 16 characters of the base name, an ellipsis, the last base character and the
 * extension — `supplier-invoice-march-2025.pdf` → `supplier-invoice…5.pdf`.
 */
export function shortFileName(name: string, limit = FILE_NAME_LIMIT): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  if (base.length <= limit) return name;
  return `${base.slice(0, limit)}…${base.slice(-1)}${ext}`;
}

const joined = (v: unknown): string =>
  Array.isArray(v) ? v.map(String).join(', ') : typeof v === 'string' ? v : String(v);

/**
 * The text of a failed upload (spec §8): the values of `errors` joined with a comma; a string error as is;
 * an array joined with a comma; the server's own sentence when it sent one; else the generic text.
 */
export function uploadErrorText(error: unknown): string {
  if (typeof error === 'string') return error || UPLOAD_UNEXPECTED;
  if (Array.isArray(error)) return error.map(String).join(', ') || UPLOAD_UNEXPECTED;
  if (error instanceof AppError) {
    const body = error.body as { errors?: unknown } | null | undefined;
    const errors = body && typeof body === 'object' ? body.errors : undefined;
    if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
      const text = Object.values(errors).map(joined).filter(Boolean).join(', ');
      if (text) return text;
    }
    if (typeof errors === 'string' && errors) return errors;
    if (Array.isArray(errors) && errors.length) return errors.map(String).join(', ');
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'no-response' || error.kind === 'no-body' || error.kind === 'server')
      return error.message;
    return UPLOAD_UNEXPECTED;
  }
  if (error instanceof Error && error.message === UPLOAD_NO_MESSAGE) return UPLOAD_NO_MESSAGE;
  return UPLOAD_UNEXPECTED;
}
