import { createWriteStream } from 'node:fs';
import { appendFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { EXCHANGE_1C_MESSAGES as M } from '@podbor/contract';

// The files of one exchange session: `<DATA_DIR>/exchange-1c/<session id>/`. 1C sends each file in parts
// (mode=file, appended in order) and may pack everything — import.xml, offers.xml and the pictures under
// import_files/ — into a zip archive, which is unpacked when the import starts.

/** A problem with the files that 1C is told about as `failure\n<reason>`. */
export class ExchangeFailure extends Error {}

export function sessionDir(dataDir: string, sessionId: number): string {
  return path.join(dataDir, 'exchange-1c', String(sessionId));
}

/**
 * The relative path of a file 1C names (`import.xml`, `import_files/ab/abcd.jpg`), or null when it would leave the
 * session's folder or is not a plain name: no absolute paths, no `..`, no drive letters, no control characters.
 */
export function safeRelativePath(filename: string): string | null {
  const name = filename.replace(/\\/g, '/');
  if (
    name.length === 0 ||
    name.length > 300 ||
    name.startsWith('/') ||
    /[:*?"<>|]/.test(name) ||
    [...name].some((ch) => ch.charCodeAt(0) < 0x20)
  )
    return null;
  const parts = name.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  return parts.join('/');
}

export async function resetSessionDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
}

/** Appends one part of a file (the first part creates it). */
export async function appendPart(dir: string, relative: string, data: Buffer): Promise<void> {
  const target = path.join(dir, ...relative.split('/'));
  await mkdir(path.dirname(target), { recursive: true });
  await appendFile(target, data);
}

export async function fileExists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('zip')) : resolve(zip),
    );
  });
}

/** Unpacks one archive into the session's folder (entries that would leave it are refused), then deletes it. */
async function unpack(dir: string, archive: string, maxBytes: number): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(archive);
  } catch (err) {
    throw new ExchangeFailure(`${M.zipBroken}${path.basename(archive)} (${(err as Error).message})`);
  }
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      zip.close();
      reject(
        err instanceof ExchangeFailure
          ? err
          : new ExchangeFailure(`${M.zipBroken}${path.basename(archive)} (${(err as Error).message})`),
      );
    };
    zip.on('error', fail);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      const relative = safeRelativePath(entry.fileName);
      if (!relative) return fail(new ExchangeFailure(`${M.filenameInvalid} ${entry.fileName}`));
      total += entry.uncompressedSize;
      // A zip bomb: far more unpacked than 1C could ever mean.
      if (total > maxBytes) return fail(new Error('слишком большой объём после распаковки'));
      const target = path.join(dir, ...relative.split('/'));
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        mkdir(path.dirname(target), { recursive: true })
          .then(() => pipeline(stream, createWriteStream(target)))
          .then(() => zip.readEntry(), fail);
      });
      return undefined;
    });
    zip.readEntry();
  });
  await rm(archive, { force: true });
}

/** Unpacks every archive 1C uploaded into the session's folder (mode=import calls this before reading). */
export async function unpackArchives(dir: string, maxBytes: number): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.toLowerCase().endsWith('.zip')).sort())
    await unpack(dir, path.join(dir, name), maxBytes);
}
