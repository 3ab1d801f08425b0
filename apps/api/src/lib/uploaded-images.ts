import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { CATALOG_MESSAGES, PRODUCT_IMAGE_MAX_BYTES } from '@podbor/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { badRequest, detailError } from './http-error';

// Pictures staff upload (product photos, manufacturers' logos, banners): the type is read from the content (sharp
// decodes it), never from the name or the declared type; the picture is turned upright, fitted into the box of
// its use without enlarging, stripped of its metadata (camera, location) and stored as WebP in the media store the
// storefront serves (/media/…).

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'avif', 'heif']);
/** A decompression bomb (a tiny file of a gigantic picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The one file of a multipart upload (field `image`; the plugin's limits apply): its bytes, or the Russian 400
 * / 413 a form shows.
 */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest({ image: [CATALOG_MESSAGES.imageMissing] });
  let data: Buffer | undefined;
  try {
    const file = await request.file();
    data = await file?.toBuffer();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw detailError(413, CATALOG_MESSAGES.imageTooLarge);
    throw badRequest({ image: [CATALOG_MESSAGES.imageMissing] });
  }
  if (!data || data.length === 0) throw badRequest({ image: [CATALOG_MESSAGES.imageMissing] });
  return data;
}

/** The place and the box of one kind of picture. */
export interface MediaImageKind {
  /** Folder under the media store, e.g. `products/u`. */
  folder: string;
  /** The box the picture is fitted into (never enlarged). */
  width: number;
  height: number;
}

/**
 * multipart/form-data for the plugin that takes uploads (and only there): one file of at most
 * PRODUCT_IMAGE_MAX_BYTES, nothing else of size.
 */
export async function acceptImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1_000 },
  });
}

/**
 * Stores the picture under `<mediaDir>/<folder>/` as `<owner>-<random>.webp` (or `<name>.webp` when a stable
 * name is given, e.g. from the picture's content hash, so the same picture imported twice is one file) and gives
 * its media path.
 */
export async function storeMediaImage(
  mediaDir: string,
  kind: MediaImageKind,
  ownerId: number,
  data: Buffer,
  name?: string,
): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw badRequest({ image: [CATALOG_MESSAGES.imageType] });
  let webp: Buffer;
  try {
    webp = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(kind.width, kind.height, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest({ image: [CATALOG_MESSAGES.imageType] });
  }
  const file = `${name ?? `${ownerId}-${randomBytes(8).toString('hex')}`}.webp`;
  const dir = path.join(mediaDir, ...kind.folder.split('/'));
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, file), webp);
  return `/media/${kind.folder}/${file}`;
}
