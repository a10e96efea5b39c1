import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { MAX_UPLOAD_BYTES } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { fromContract } from '../../http/route.js';

/** The image types an admin may upload, told by their first bytes, never by the name. */
export function imageTypeOf(bytes: Buffer): 'png' | 'jpg' | 'webp' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

const tooLarge = () =>
  new AppError(
    'payload_too_large',
    `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  );

/**
 * The multipart parser throws a plain error, without a status, on a body that is cut short or
 * has no boundary: that is the client's broken request (400), not our failure (500).
 */
function clientError(error: unknown): unknown {
  if (error instanceof Error && 'statusCode' in error) return error;
  return new AppError('bad_request', 'The upload is incomplete. Please send the image again.');
}

/**
 * Writes the file under a temporary name and renames it into place, so a write cut short (a
 * full disk) never leaves a partial image at the address; the temporary file is removed.
 */
async function storeWhole(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${path.dirname(file)}/.${path.basename(file)}.part`;
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** `POST /api/uploads` (admins): a product image stored under DATA_DIR/uploads. */
export function uploadRoutes(uploadDir: string): FastifyPluginAsyncZod {
  return async (app) => {
    mkdirSync(uploadDir, { recursive: true });
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0 } });

    app.post(
      '/uploads',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'uploadImage',
          tags: ['products'],
          summary: 'Upload a product image (admins): PNG, JPEG or WebP up to 2 MB',
          consumes: ['multipart/form-data'],
          ...fromContract('POST /uploads'),
        },
      },
      async (request) => {
        if (!request.isMultipart()) {
          throw new AppError('unsupported_media_type', 'Send the image as multipart/form-data.');
        }
        const file = await request.file().catch((error: unknown) => {
          throw clientError(error);
        });
        if (!file)
          throw new AppError('validation_failed', 'Choose an image to upload.', {
            file: 'Choose an image',
          });
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof Error && 'statusCode' in error && error.statusCode === 413)
            throw tooLarge();
          throw clientError(error);
        }
        if (file.file.truncated) throw tooLarge();
        const type = imageTypeOf(bytes);
        if (!type)
          throw new AppError('unsupported_media_type', 'Upload a PNG, JPEG or WebP image.');
        // A random name: nothing the uploader chose reaches the file system.
        const name = `${randomBytes(12).toString('hex')}.${type}`;
        await storeWhole(path.join(uploadDir, name), bytes);
        return { url: `/uploads/${name}` };
      },
    );
  };
}

/** Serves uploaded images; their names never change, so they are cached for a year. */
export async function serveUploads(app: FastifyInstance, uploadDir: string): Promise<void> {
  mkdirSync(uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header('X-Content-Type-Options', 'nosniff');
    },
  });
}
