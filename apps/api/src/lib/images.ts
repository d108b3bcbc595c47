import { fileTypeFromBuffer } from 'file-type';
import decodeHeic from 'heic-decode';
import jpeg from 'jpeg-js';
import { AppError } from './app-error.js';

const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
/** Phones save photos as HEIC, which browsers cannot show: such a photo is stored as the JPEG made from it. */
const HEIC_TYPES = new Set(['image/heic', 'image/heif']);
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** A HEIC above this many pixels is refused before it is decoded (48 MP is more than any phone camera takes). */
export const MAX_HEIC_PIXELS = 48_000_000;
const UNSUPPORTED = 'The picture must be a JPEG, PNG, WebP or HEIC image.';

type THeicImage = {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
};

/** The first picture of a HEIC/HEIF file as a JPEG (libheif compiled to WebAssembly: nothing is fetched). */
async function heicToJpeg(bytes: Buffer): Promise<Buffer> {
  let images: THeicImage[] & { dispose?: () => void };
  try {
    images = (await decodeHeic.all({ buffer: bytes })) as unknown as THeicImage[] & { dispose?: () => void };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This HEIC picture could not be read.');
  }
  try {
    const first = images[0];
    if (!first) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This HEIC picture could not be read.');
    if (first.width * first.height > MAX_HEIC_PIXELS) {
      throw new AppError(
        'TOO_LARGE',
        `The picture is ${first.width}×${first.height} pixels; at most ${MAX_HEIC_PIXELS / 1_000_000} million are taken.`,
      );
    }
    const { width, height, data } = await first.decode().catch(() => {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This HEIC picture could not be read.');
    });
    return jpeg.encode(
      { width, height, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) },
      90,
    ).data;
  } finally {
    images.dispose?.();
  }
}

/**
 * Checks an uploaded picture by its bytes (never its name or declared type) and size, and returns the bytes to
 * store with their extension; a HEIC photo comes back as a JPEG.
 */
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
  if (type && HEIC_TYPES.has(type.mime))
    return { bytes: await heicToJpeg(bytes), extension: 'jpg', mime: 'image/jpeg' };
  const extension = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!extension) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
  return { bytes, extension, mime: type!.mime };
}

/** Public address of a stored picture. */
export const fileUrl = (key: string | null) => (key ? `/api/files/${key}` : null);
