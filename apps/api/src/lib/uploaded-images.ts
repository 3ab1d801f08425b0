import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CATALOG_MESSAGES, PRODUCT_IMAGE_SIZE } from '@podbor/contract';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { badRequest, detailError } from './http-error';

// Uploaded catalogue images (product photos, manufacturers' logos): the type is read from the content (sharp
// decodes it), never from the name or the declared type; the picture is turned upright, fitted into a square
// without enlarging, stripped of its metadata (camera, location) and stored as WebP in the media store the
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

/** Stores the picture under `<mediaDir>/<folder>/` as `<prefix>-<random>.webp` and gives its media path. */
export async function storeImage(
  mediaDir: string,
  folder: string,
  prefix: string,
  data: Buffer,
  size: number,
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
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest({ image: [CATALOG_MESSAGES.imageType] });
  }
  const name = `${prefix}-${randomBytes(8).toString('hex')}.webp`;
  await mkdir(path.join(mediaDir, folder), { recursive: true });
  await writeFile(path.join(mediaDir, folder, name), webp);
  return `/media/${folder}/${name}`;
}

/** Stores the photo under `<mediaDir>/products/u/` and gives its media path. */
export function storeProductImage(mediaDir: string, productId: number, data: Buffer): Promise<string> {
  return storeImage(mediaDir, 'products/u', String(productId), data, PRODUCT_IMAGE_SIZE);
}
