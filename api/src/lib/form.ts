import type { FastifyRequest } from 'fastify';
import { CHARACTER_INVALID, FieldsError } from '../errors';

export interface UploadedFile {
  bytes: Buffer;
  /** The file went past the upload limit and was cut off: it is too large. */
  truncated: boolean;
  /** The name the browser gave it: a label for the media library, never a path or a type. */
  fileName: string;
}

export interface FormInput {
  /** Text fields; when a name repeats, the first value counts. */
  fields: Map<string, string>;
  /** The file sent under the expected name, or null when none was chosen. */
  file: UploadedFile | null;
}

export class NotMultipartError extends Error {
  readonly statusCode = 415;
  constructor() {
    super('multipart_required');
    this.name = 'NotMultipartError';
  }
}

/** A multipart body that cannot be read (no boundary, cut short, a broken part): the client's fault. */
export class MalformedFormError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('multipart_invalid');
    this.name = 'MalformedFormError';
  }
}

export class FieldTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(field: string) {
    super(`field_too_large: ${field}`);
    this.name = 'FieldTooLargeError';
  }
}

/**
 * Reads a multipart form: text fields, and the one file field `fileField` into memory (the plugin's size
 * limit stops reading one byte past 2 MB, so at most that is held). Other files are read and dropped. The
 * client's content type is ignored and its file name is only a label: the bytes decide what a file is.
 */
export async function readForm(request: FastifyRequest, fileField: string): Promise<FormInput> {
  if (!request.isMultipart()) throw new NotMultipartError();
  const fields = new Map<string, string>();
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A file input left empty still sends a part, with no name and no bytes: that is "no file chosen"
        // (and an empty file holds no image to keep either).
        const empty = bytes.length === 0;
        if (part.fieldname === fileField && file === null && !empty)
          file = { bytes, truncated: part.file.truncated, fileName: part.filename ?? '' };
      } else {
        if (part.valueTruncated) throw new FieldTooLargeError(part.fieldname);
        // No text may hold U+0000 (PostgreSQL cannot store it), whatever the field.
        if (typeof part.value === 'string' && part.value.includes('\u0000'))
          throw new FieldsError(CHARACTER_INVALID, { [part.fieldname]: [CHARACTER_INVALID] });
        if (!fields.has(part.fieldname) && typeof part.value === 'string')
          fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    // The parser's own words (no boundary, an end that never came, a broken header) carry no status: they
    // are a body that cannot be read, not a fault of the server. Limits and our errors keep theirs.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number') throw error;
    throw new MalformedFormError();
  }
  return { fields, file };
}
