import type { MultipartFile } from '@fastify/multipart';

/** A file part of a multipart body: its bytes, with the name the sender gave it. */
export type TUploadedFile = Buffer & { fileName: string };

/** Keeps each file part as bytes plus its name, so multipart bodies validate like JSON ones. */
export async function keepFilePart(part: MultipartFile) {
  const bytes = await part.toBuffer();
  (part as unknown as { value: TUploadedFile }).value = Object.assign(bytes, { fileName: part.filename });
}

export const isUploadedFile = (v: unknown): v is TUploadedFile => Buffer.isBuffer(v);
