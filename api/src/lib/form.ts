import type { FastifyRequest } from 'fastify';

export interface UploadedFile {
  bytes: Buffer;
  /** The file went past the upload limit and was cut off: it is too large. */
  truncated: boolean;
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
 * client's file name and content type are ignored: only the bytes decide what a file is.
 */
export async function readForm(request: FastifyRequest, fileField: string): Promise<FormInput> {
  if (!request.isMultipart()) throw new NotMultipartError();
  const fields = new Map<string, string>();
  let file: UploadedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      // A file input left empty still sends a part, with no name and no bytes: that is "no file chosen" (and
      // an empty file holds no image to keep either).
      const empty = bytes.length === 0;
      if (part.fieldname === fileField && file === null && !empty)
        file = { bytes, truncated: part.file.truncated };
    } else {
      if (part.valueTruncated) throw new FieldTooLargeError(part.fieldname);
      if (!fields.has(part.fieldname) && typeof part.value === 'string')
        fields.set(part.fieldname, part.value);
    }
  }
  return { fields, file };
}
