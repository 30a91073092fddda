// multipart/form-data through @fastify/multipart (busboy, streaming): a route reads its parts as
// they arrive, under per-file, per-field and per-request limits, and the body is never held as one
// Buffer nor walked byte by byte. The hand-written parser it replaces handed the raw body to the NUL
// guard, which ran Object.entries over every byte: a 6 MB upload held the event loop for seconds
// (issue 24 item 4). Upload routes are registered through `multipartScope`, the parser only in their scope.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, fieldError } from './errors.ts';
import { nulField, nulFieldMessage } from './nul-guard.ts';

/** What one upload route accepts. */
export interface MultipartSpec {
  fileFields: readonly string[]; // parts with these names are files, whatever their headers say
  maxFiles: number; // non-empty files; one more is `tooManyFiles`
  maxFileBytes: number; // per file; larger → 413 `tooLarge`
  textFields: readonly string[]; // the text fields read; others are skipped (they still count below)
  maxFields?: number; // text parts in all (default 8); more → 413
  maxFieldBytes?: number; // per text field (default 32 KB); longer → 422 on that field
  tooLarge: string; // the 413 message of a file over maxFileBytes or a body over the request's bound
  notMultipart: string; // the 415 message of a body that is not multipart/form-data with a boundary
  tooManyFiles: () => HttpError;
}

/** The text fields (first occurrence of each) and the non-empty files of a multipart body. */
export interface MultipartBody {
  fields: Record<string, string>;
  files: { field: string; bytes: Buffer }[];
}

const unreadable = 'The request could not be read.';
const framingBytes = 64 * 1024; // part headers, boundaries, empty parts

/** The most bytes a body of `spec` may have: every file and field at its limit, plus framing. */
export function maxRequestBytes(spec: MultipartSpec): number {
  return spec.maxFiles * spec.maxFileBytes + (spec.maxFields ?? 8) * (spec.maxFieldBytes ?? 32 * 1024) + framingBytes;
}

/** Registers `routes` in a scope of their own with @fastify/multipart (parts are read by
 * `readMultipart`, never buffered whole); the rest of the app never parses multipart. */
export function multipartScope(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fieldNameSize: 100, headerPairs: 20, parts: 64 }, // readMultipart narrows these per route
    });
    routes(scope);
  });
}

/**
 * Reads a multipart body under `spec`: 415 when it is not multipart, 413 over a limit (the declared
 * length is checked before anything is read, the bytes as they arrive), 422 for too many files, a
 * field too long or a NUL in a field, 400 for a malformed body. Stops reading at the first refusal.
 */
export async function readMultipart(
  request: FastifyRequest,
  reply: FastifyReply,
  spec: MultipartSpec,
): Promise<MultipartBody> {
  if (!request.isMultipart() || !/;\s*boundary=/i.test(request.headers['content-type'] ?? ''))
    throw new HttpError(415, spec.notMultipart);
  const maxBytes = maxRequestBytes(spec);
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw refuse(reply, new HttpError(413, spec.tooLarge));
  const maxFields = spec.maxFields ?? 8;
  const maxFieldBytes = spec.maxFieldBytes ?? 32 * 1024;
  const fileFields = new Set(spec.fileFields);
  const textFields = new Set(spec.textFields);

  // The whole body is bounded too (junk between parts, a chunked body without a length).
  const raw = request.raw;
  let received = 0;
  let overflow: HttpError | null = null;
  let current: (NodeJS.ReadableStream & { destroy(error?: Error): void }) | null = null;
  let stop: (e: HttpError) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  stopped.catch(() => undefined);
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= maxBytes || overflow) return;
    overflow = new HttpError(413, spec.tooLarge);
    raw.unpipe(); // busboy reads no more
    raw.pause();
    current?.destroy(overflow);
    stop(overflow);
  };

  const body: MultipartBody = { fields: {}, files: [] };
  const parts = request.parts({
    limits: {
      files: spec.maxFiles + 4, // empty parts (a file input left empty) are skipped below
      fileSize: spec.maxFileBytes,
      fields: maxFields,
      fieldSize: maxFieldBytes,
      parts: spec.maxFiles + 4 + maxFields,
    },
    isPartAFile: (name: string) => fileFields.has(name),
  } as Parameters<FastifyRequest['parts']>[0]);
  const iterator = parts[Symbol.asyncIterator]();
  let first: ReturnType<typeof iterator.next> | null = iterator.next(); // runs at once up to its first wait: the request is piped into busboy
  raw.on('data', count); // after the pipe, before the first chunk (streams emit data on a later tick)
  try {
    for (;;) {
      const next = await Promise.race([first ?? iterator.next(), stopped]);
      first = null;
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        current = part.file;
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (part.file.truncated || size > spec.maxFileBytes) throw new HttpError(413, spec.tooLarge);
          chunks.push(chunk);
        }
        current = null;
        if (part.file.truncated) throw new HttpError(413, spec.tooLarge);
        if (size === 0 || !fileFields.has(part.fieldname)) continue;
        if (body.files.length >= spec.maxFiles) throw spec.tooManyFiles();
        body.files.push({ field: part.fieldname, bytes: Buffer.concat(chunks, size) });
      } else if (textFields.has(part.fieldname) && !(part.fieldname in body.fields)) {
        if (part.valueTruncated) throw fieldError(part.fieldname, 'This field is too long.');
        if (typeof part.value !== 'string') throw new HttpError(400, unreadable); // a part declared application/json
        body.fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    throw refuse(reply, overflow ?? asHttpError(e, spec));
  } finally {
    raw.off('data', count);
  }
  const nul = nulField(body.fields);
  if (nul) throw fieldError(nul, nulFieldMessage); // PostgreSQL refuses U+0000 in text
  return body;
}

/** A refusal sent before the body was read to its end: the connection closes after the answer
 * (its unread rest is not drained). */
function refuse(reply: FastifyReply, error: HttpError): HttpError {
  if (!reply.request.raw.readableEnded) void reply.header('connection', 'close');
  return error;
}

/** The answer for an error of the parser (its own codes, or busboy's messages for broken bodies). */
function asHttpError(e: unknown, spec: MultipartSpec): HttpError {
  if (e instanceof HttpError) return e;
  switch ((e as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, spec.tooLarge);
    case 'FST_FILES_LIMIT':
      return spec.tooManyFiles();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'The form has too many fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, spec.notMultipart);
    default:
      return new HttpError(400, unreadable); // malformed framing, a prototype field name, a closed request
  }
}
