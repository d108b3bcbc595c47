import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './app-error.js';

const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Checks an uploaded picture by its bytes (never its name) and returns the file extension to store it under. */
export async function checkImage(
  bytes: unknown,
  field: string,
  maxBytes = MAX_IMAGE_BYTES,
): Promise<{ bytes: Buffer; extension: string; mime: string }> {
  if (!Buffer.isBuffer(bytes)) {
    throw new AppError('BAD_REQUEST', 'The picture must be sent as a file.', {
      [field]: ['Send the picture as a file'],
    });
  }
  if (bytes.length > maxBytes)
    throw new AppError('TOO_LARGE', `The picture is larger than ${maxBytes / 1024 / 1024} MB.`);
  const type = await fileTypeFromBuffer(bytes);
  const extension = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!extension)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The picture must be a PNG, JPEG or WebP image.');
  return { bytes, extension, mime: type!.mime };
}

/** Public address of a stored picture. */
export const fileUrl = (key: string | null) => (key ? `/api/files/${key}` : null);
