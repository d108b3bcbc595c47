import type { z } from 'zod';
import { AppError } from './app-error.js';
import { isUploadedFile, type TUploadedFile } from './uploads.js';

/**
 * Reads a form-data (or JSON) body against a schema: field names match case-insensitively (`ItemId` = `itemId`),
 * empty text fields count as not sent, and the file part named `fileField` is returned apart.
 */
export function formBody<T extends z.ZodObject>(
  body: unknown,
  schema: T,
  fileField?: string,
): { data: z.infer<T>; file: TUploadedFile | undefined } {
  const names = new Map(Object.keys(schema.shape).map((k) => [k.toLowerCase(), k]));
  const fields: Record<string, unknown> = {};
  let file: TUploadedFile | undefined;
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    const lower = key.toLowerCase();
    if (fileField && lower === fileField.toLowerCase()) {
      if (isUploadedFile(value)) file = value;
      else if (value !== '' && value !== undefined && value !== null)
        throw new AppError('BAD_REQUEST', 'You had an error in the following fields, please fix them:', {
          [fileField]: ['Send the photo as a file'],
        });
      continue;
    }
    if (value === '' || value === undefined) continue;
    fields[names.get(lower) ?? key] = isUploadedFile(value) ? value.toString() : value;
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') || 'body';
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    throw new AppError('BAD_REQUEST', 'You had an error in the following fields, please fix them:', errors);
  }
  return { data: parsed.data, file };
}
