import { randomBytes } from 'node:crypto';
import { createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { eventHub } from '../../lib/events';
import { perDb } from '../../lib/ttl-cache';
import { generateYmlFeed, type YmlFeedStats } from './yml.feed';

// The YML feed lives as a file under DATA_DIR/feeds and is served from there: Yandex reads it a few times an
// hour, and 200,000 offers take seconds to write, far too long to build per request. It is rewritten atomically
// (a temporary file in the same directory, then rename), so a reader gets either the old or the new feed, never
// half of one, and a failed run leaves the old file in place.
//
// When it is rewritten: a catalogue write committed by any API process (lib/events.ts: `catalog.changed`, and
// `resync` when changes may have been missed) or a change of the shop's settings marks this process's copy
// stale; the next request after that regenerates it in the background while the previous file is still served,
// at most once per YML_FEED_REFRESH_SECONDS (an import changing thousands of rows rewrites it once, not per
// batch). A process that has just started does not know what changed while it was down, so its first request
// refreshes a file older than that interval. Without a file the request waits for the first one. The job engine
// calls `refreshYmlFeed` after an import.

export const YML_FEED_FILE = 'yandex.yml';

export function ymlFeedPath(config: Config): string {
  return path.join(config.dataDir, 'feeds', YML_FEED_FILE);
}

export interface YmlRefreshResult extends YmlFeedStats {
  path: string;
  bytes: number;
  ms: number;
}

/** Writes the feed to a temporary file and puts it in place of the served one. */
export async function refreshYmlFeed(db: Db, config: Config): Promise<YmlRefreshResult> {
  const started = performance.now();
  const target = ymlFeedPath(config);
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const out = createWriteStream(temp, { flags: 'wx' });
  try {
    const stats = await generateYmlFeed(db, config, out);
    out.end();
    await finished(out);
    await rename(temp, target);
    const { size } = await stat(target);
    return { ...stats, path: target, bytes: size, ms: Math.round(performance.now() - started) };
  } catch (err) {
    out.destroy();
    await rm(temp, { force: true });
    throw err;
  }
}

interface FeedState {
  stale: boolean;
  /** When the file this process serves was written (ms since epoch; 0 = not known yet). */
  builtAt: number;
  running: Promise<YmlRefreshResult> | null;
}

const feedState = perDb((db: Db): FeedState => {
  const state: FeedState = { stale: true, builtAt: 0, running: null };
  eventHub(db).on((event) => {
    // Banners and info pages are not in the feed; the shop's settings (its name) and the catalogue are.
    if (event.type === 'content.changed' && event.entity !== 'showcase') return;
    state.stale = true;
  });
  return state;
});

function startRefresh(db: Db, config: Config, state: FeedState): Promise<YmlRefreshResult> {
  if (state.running) return state.running;
  state.stale = false;
  const run = refreshYmlFeed(db, config)
    .then((result) => {
      state.builtAt = Date.now();
      return result;
    })
    .catch((err: unknown) => {
      // Try again on the next request; the previous file (if any) is still served.
      state.stale = true;
      throw err;
    })
    .finally(() => {
      state.running = null;
    });
  state.running = run;
  return run;
}

/**
 * The path of an up-to-date enough feed to serve: waits only when there is no file yet; otherwise starts a
 * background refresh when the file is stale and old enough, and answers at once.
 */
async function currentYmlFeed(
  db: Db,
  config: Config,
  onError: (err: unknown) => void,
): Promise<{ path: string; refreshing: Promise<YmlRefreshResult> | null }> {
  const state = feedState(db);
  const target = ymlFeedPath(config);
  const existing = await stat(target).catch(() => null);
  if (!existing) {
    const result = await (state.running ?? startRefresh(db, config, state));
    return { path: result.path, refreshing: null };
  }
  if (state.builtAt === 0) state.builtAt = existing.mtimeMs;
  const dueAt = state.builtAt + config.ymlFeedRefreshSeconds * 1000;
  // While this process cannot hear catalogue events, it cannot know the file is current.
  const deaf = !eventHub(db).connected;
  if (!state.running && (state.stale || deaf) && Date.now() >= dueAt) {
    const refreshing = startRefresh(db, config, state);
    refreshing.catch(onError);
    return { path: target, refreshing };
  }
  return { path: target, refreshing: state.running };
}

/** The feed to send: its file opened for reading (a refresh renaming a new one in place does not cut it short). */
export async function openYmlFeed(
  db: Db,
  config: Config,
  onError: (err: unknown) => void,
): Promise<{ stream: ReadStream; size: number; modified: Date } | null> {
  try {
    const feed = await currentYmlFeed(db, config, onError);
    const handle = await open(feed.path, 'r');
    const { size, mtime } = await handle.stat();
    return { stream: handle.createReadStream(), size, modified: mtime };
  } catch (err) {
    onError(err);
    return null;
  }
}

export { generateYmlFeed, type YmlFeedStats } from './yml.feed';
