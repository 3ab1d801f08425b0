import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CATALOG_MESSAGES, PRODUCT_IMAGE_SIZE } from '@podbor/contract';
import sharp from 'sharp';
import { badRequest } from '../../lib/http-error';

// Uploaded product photos: the type is read from the content (sharp decodes it), never from the name or the
// declared type; the picture is turned upright, fitted into PRODUCT_IMAGE_SIZE² without enlarging, stripped of
// its metadata (camera, location) and stored as WebP in the media store the storefront serves (/media/…).

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'avif', 'heif']);
/** A decompression bomb (a tiny file of a gigantic picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/** Stores the photo under `<mediaDir>/products/u/` and gives its media path. */
export async function storeProductImage(mediaDir: string, productId: number, data: Buffer): Promise<string> {
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
      .resize(PRODUCT_IMAGE_SIZE, PRODUCT_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest({ image: [CATALOG_MESSAGES.imageType] });
  }
  const name = `${productId}-${randomBytes(8).toString('hex')}.webp`;
  const dir = path.join(mediaDir, 'products', 'u');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), webp);
  return `/media/products/u/${name}`;
}
