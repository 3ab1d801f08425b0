import { createHash, randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  EXCHANGE_1C_MESSAGES as M,
  normalizePhone,
  type Exchange1cQuery,
  type OrderStatus,
} from '@podbor/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { eventHub, publish, type CatalogChanged } from '../../lib/events';
import { ORDER_TRANSITIONS, transitionOrder } from '../../lib/order-status';
import { verifyPassword } from '../../lib/passwords';
import { storeMediaImage } from '../../lib/uploaded-images';
import { refreshSearchWords } from '../search/search.service';
import {
  readCommerceMl,
  type FileMeta,
  type GroupRecord,
  type PriceTypeRecord,
  type PropertyRecord,
  type WarehouseRecord,
} from './commerceml';
import {
  ExchangeFailure,
  appendPart,
  fileExists,
  resetSessionDir,
  safeRelativePath,
  sessionDir,
  unpackArchives,
} from './exchange-files';
import * as repo from './exchange-1c.repository';
import { readStatusChanges, saleDocument } from './sale-document';

// The 1C exchange protocol (CommerceML 2 over HTTP, as 1C:Управление торговлей talks to sites):
//   type=catalog|sale & mode=checkauth  → success\n<cookie>\n<value>   (HTTP Basic of an administrator)
//   mode=init                           → zip=yes\nfile_limit=<bytes>
//   mode=file&filename=…                → success (the body is a part of the file, parts are appended)
//   type=catalog&mode=import&filename=… → progress\n… while it works, then success / failure\n<reason>
//   type=sale&mode=query                → the new and changed orders (CommerceML document)
//   type=sale&mode=success              → the orders of the last query are taken
// Every later call names its session by the cookie. All state (sessions, what is imported up to where, which
// orders 1C took) is in the database: any API process answers any call, and a restart loses nothing.

export const COOKIE_NAME = 'podbor_1c';

export interface ExchangeAnswer {
  body: string;
  contentType?: string;
}

const text = (...lines: string[]): ExchangeAnswer => ({ body: lines.join('\n') });
const failure = (reason: string) => text('failure', reason);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ExchangeRequest {
  query: Exchange1cQuery;
  authorization?: string;
  cookie?: string;
  body?: Buffer;
}

function cookieValue(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === COOKIE_NAME) return part.slice(at + 1).trim();
  }
  return undefined;
}

async function checkauth(db: Db, config: Config, type: 'catalog' | 'sale', authorization?: string) {
  const match = /^Basic\s+(.+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return failure(M.authRequired);
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  if (at < 0) return failure(M.authRequired);
  const login = decoded.slice(0, at).trim();
  const password = decoded.slice(at + 1);
  const account = await repo.findStaffByLogin(db, normalizePhone(login) ?? login);
  const ok = await verifyPassword(account?.passwordHash, password);
  if (!account || !ok || !account.isActive) return failure(M.authFailed);
  if (account.role !== 'admin') return failure(M.roleRequired);
  // Every new session first clears what expired ones left (rows and uploaded files).
  for (const id of await repo.deleteExpiredSessions(db))
    await rm(sessionDir(config.dataDir, id), { recursive: true, force: true });
  const token = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    const id = await repo.insertSession(tx, {
      tokenHash: hashToken(token),
      userId: account.id,
      type,
      hours: config.exchange1c.sessionHours,
    });
    await recordAudit(tx, {
      userId: account.id,
      action: 'exchange.session',
      entity: 'exchange',
      entityId: id,
      data: { type },
    });
  });
  return text('success', COOKIE_NAME, token, `sessid=${token}`, `timestamp=${Math.floor(Date.now() / 1000)}`);
}

/** One call of the protocol; never throws for anything 1C sent (a reason in Russian instead). */
export async function handleExchange(db: Db, config: Config, req: ExchangeRequest): Promise<ExchangeAnswer> {
  const { type, mode } = req.query;
  if (type !== 'catalog' && type !== 'sale') return failure(M.unknownType);
  if (mode === 'checkauth') return checkauth(db, config, type, req.authorization);
  const token = cookieValue(req.cookie);
  const session = token ? await repo.findSession(db, hashToken(token)) : undefined;
  if (!session) return failure(M.sessionMissing);
  if (session.type !== type) return failure(M.sessionType);
  const dir = sessionDir(config.dataDir, session.id);
  try {
    switch (mode) {
      case 'init':
        await resetSessionDir(dir);
        await repo.deleteImports(db, session.id);
        return text('zip=yes', `file_limit=${config.exchange1c.fileLimit}`);
      case 'file':
        return type === 'catalog'
          ? await receivePart(dir, req.query.filename, req.body)
          : await statusFile(db, session, req.body);
      case 'import':
        if (type !== 'catalog') return failure(M.unknownMode);
        return await importStep(db, config, session, dir, req.query.filename);
      case 'query':
        if (type !== 'sale') return failure(M.unknownMode);
        return await saleQuery(db, session);
      case 'success':
        if (type !== 'sale') return text('success');
        return await saleSuccess(db, session);
      // 1C 8.3 (protocol 2.09+) closes a catalogue exchange with these; everything is already applied.
      case 'complete':
      case 'deactivate':
        return text('success');
      default:
        return failure(M.unknownMode);
    }
  } catch (err) {
    if (err instanceof ExchangeFailure) return failure(err.message);
    throw err;
  }
}

async function receivePart(dir: string, filename: string | undefined, body: Buffer | undefined) {
  if (!filename) return failure(M.filenameMissing);
  const relative = safeRelativePath(filename);
  if (!relative) return failure(`${M.filenameInvalid} ${filename}`);
  await appendPart(dir, relative, body ?? Buffer.alloc(0));
  return text('success');
}

const fileKind = (name: string): FileMeta['file'] | null => {
  const base = path.basename(name).toLowerCase();
  if (/^import.*\.xml$/.test(base)) return 'import';
  if (/^offers.*\.xml$/.test(base)) return 'offers';
  return null;
};

/**
 * One `mode=import` call: the first reads the whole file into staging in one transaction (a broken file stages
 * nothing), each later one applies one batch in one transaction that also moves the checkpoint, the last one
 * finishes (switches off what a full package left out, refreshes search data) and answers success.
 */
async function importStep(db: Db, config: Config, session: repo.SessionRow, dir: string, filename?: string) {
  if (!filename) return failure(M.filenameMissing);
  const relative = safeRelativePath(filename);
  if (!relative) return failure(`${M.filenameInvalid} ${filename}`);
  const kind = fileKind(relative);
  if (!kind) return failure(`${M.unknownFile}${filename}`);
  const existing = await repo.findImport(db, session.id, relative);
  if (existing?.status === 'done') return text('success', existing.message);
  if (existing?.status === 'failed') return failure(existing.message);
  if (!existing) return stageFile(db, config, session, dir, relative, kind);
  return applyStep(db, config, session, existing.id, relative);
}

async function stageFile(
  db: Db,
  config: Config,
  session: repo.SessionRow,
  dir: string,
  relative: string,
  kind: FileMeta['file'],
) {
  try {
    await unpackArchives(dir, 4 * 1024 * 1024 * 1024);
    const file = path.join(dir, ...relative.split('/'));
    if (!(await fileExists(file))) throw new ExchangeFailure(`${M.fileMissing}${relative}`);
    const images = new Map<string, string | null>();
    const warnings: string[] = [];
    const result = await db.transaction(async (tx) => {
      if (!(await repo.tryFileLock(tx, session.id, relative))) return null;
      const importId = await repo.createImport(tx, session.id, relative);
      let staged = 0;
      const meta = await readCommerceMl(
        file,
        kind,
        async (records) => {
          for (const r of records)
            if (r.kind === 'product' && r.data.images.length > 0)
              r.data.images = await storeImages(config, dir, r.data.images, images, warnings);
          await repo.stageRecords(tx, importId, staged, records);
          staged += records.length;
        },
        500,
      );
      await repo.analyzeForPlanner(tx, 'staging');
      await repo.updateImport(tx, importId, {
        status: 'applying',
        staged,
        meta: { ...meta, warnings: warnings.slice(0, 20) },
      });
      return staged;
    });
    if (result === null) return text('progress', M.busy);
    return text('progress', `Файл ${relative} прочитан: записей ${result}. Загрузка…`);
  } catch (err) {
    if (!(err instanceof ExchangeFailure)) throw err;
    // Nothing was staged (the transaction rolled back): record the failure, so a repeated call answers the same.
    await db.transaction(async (tx) => {
      const id = await repo.createImport(tx, session.id, relative);
      await repo.updateImport(tx, id, { status: 'failed', message: err.message });
      await recordAudit(tx, {
        userId: session.userId,
        action: 'exchange.import_failed',
        entity: 'exchange',
        entityId: session.id,
        data: { file: relative, reason: err.message },
      });
    });
    return failure(err.message);
  }
}

/** Pictures of a product (paths inside the package) stored in the media store; missing or broken ones are reported. */
async function storeImages(
  config: Config,
  dir: string,
  paths: string[],
  done: Map<string, string | null>,
  warnings: string[],
): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    if (!done.has(p)) {
      const relative = safeRelativePath(p);
      const file = relative ? path.join(dir, ...relative.split('/')) : null;
      let stored: string | null = null;
      if (file && (await fileExists(file))) {
        const data = await readFile(file);
        const name = `1c-${createHash('sha256').update(data).digest('hex').slice(0, 20)}`;
        stored = await storeMediaImage(
          path.join(config.dataDir, 'media'),
          { folder: 'products/1c', width: 1600, height: 1600 },
          0,
          data,
          name,
        ).catch(() => null);
      }
      if (!stored) warnings.push(`Картинка не загружена: ${p}`);
      done.set(p, stored);
    }
    const stored = done.get(p);
    if (stored) out.push(stored);
  }
  return out;
}

async function applyStep(
  db: Db,
  config: Config,
  session: repo.SessionRow,
  importId: number,
  relative: string,
) {
  const event: CatalogChanged = { type: 'catalog.changed', entity: 'product', ids: [] };
  let changed = false;
  const answer = await db
    .transaction(async (tx) => {
      const row = await repo.lockImport(tx, importId);
      if (!row) return text('progress', M.busy);
      if (row.status === 'done') return text('success', row.message);
      if (row.status === 'failed') return failure(row.message);
      const meta = row.meta as unknown as FileMeta & {
        priceType?: string;
        defaultWarehouse?: number | null;
        warehouses?: number[];
        unknownWarehouses?: string[];
        warnings?: string[];
        deactivated?: number;
      };
      if (row.applied >= row.staged) {
        changed = true;
        return finish(tx, session, row, meta, relative);
      }

      const upTo = Math.min(row.staged, row.applied + config.exchange1c.batch);
      const records = await repo.readBatch(tx, importId, row.applied, upTo);
      let groups = false;
      for (const r of records) {
        if (r.kind === 'group') {
          await repo.upsertGroup(tx, r.data as GroupRecord);
          groups = true;
        } else if (r.kind === 'property') await repo.upsertProperty(tx, r.data as PropertyRecord);
        else if (r.kind === 'pricetype') {
          const t = r.data as PriceTypeRecord;
          const wanted = config.exchange1c.priceType;
          if (
            !meta.priceType &&
            (!wanted || wanted === t.id || wanted.toLowerCase() === t.title.toLowerCase())
          )
            meta.priceType = t.id;
        } else if (r.kind === 'warehouse') {
          const w = r.data as WarehouseRecord;
          const id = await repo.bindWarehouse(tx, w);
          if (id === null)
            meta.unknownWarehouses = [...(meta.unknownWarehouses ?? []), `${w.title} (${w.id})`];
          else {
            meta.warehouses = [...(meta.warehouses ?? []), id];
            meta.defaultWarehouse ??= id;
          }
        }
      }
      if (groups) await repo.refreshCategoryPaths(tx);
      if (records.some((r) => r.kind === 'product')) {
        const unsorted = await repo.unsortedCategory(tx);
        await repo.applyProducts(tx, importId, row.applied, upTo, unsorted);
        changed = true;
      }
      if (records.some((r) => r.kind === 'offer')) {
        if (!meta.priceType)
          throw new ExchangeFailure(`${M.offersPriceType}«${config.exchange1c.priceType || 'любой'}».`);
        await repo.applyOffers(
          tx,
          importId,
          row.applied,
          upTo,
          meta.priceType,
          meta.defaultWarehouse ?? null,
        );
        changed = true;
      }
      if (groups) changed = true;
      if (changed) await publish(tx, event);
      await repo.updateImport(tx, importId, {
        applied: upTo,
        meta: meta as unknown as Record<string, unknown>,
      });
      return text('progress', `${relative}: загружено ${upTo} из ${row.staged}`);
    })
    .catch(async (err: unknown) => {
      if (!(err instanceof ExchangeFailure)) throw err;
      await db.transaction(async (tx) => {
        await repo.updateImport(tx, importId, { status: 'failed', message: err.message });
        await repo.dropStaging(tx, importId);
      });
      return failure(err.message);
    });
  if (changed) eventHub(db).deliver(event);
  return answer;
}

async function finish(
  tx: Db,
  session: repo.SessionRow,
  row: repo.ImportRow,
  meta: FileMeta & { warehouses?: number[]; unknownWarehouses?: string[]; warnings?: string[] },
  relative: string,
) {
  let deactivated = 0;
  if (!meta.onlyChanges) await repo.analyzeForPlanner(tx, 'catalogue');
  if (!meta.onlyChanges && meta.file === 'import')
    deactivated = await repo.deactivateMissingProducts(tx, row.id);
  if (!meta.onlyChanges && meta.file === 'offers')
    await repo.clearMissingStock(tx, row.id, meta.warehouses ?? []);
  if (meta.file === 'import') await refreshSearchWords(tx);
  // Every cache of every process drops what it holds of the catalogue (the caller delivers it here too).
  await publish(tx, { type: 'catalog.changed', entity: 'product', ids: [] });
  const notes = [
    ...(meta.unknownWarehouses?.length
      ? [`Неизвестные склады (остатки не загружены): ${meta.unknownWarehouses.join(', ')}`]
      : []),
    ...(deactivated > 0 ? [`Снято с продажи товаров, которых нет в полной выгрузке: ${deactivated}`] : []),
    ...(meta.warnings ?? []),
  ];
  const message = notes.join('\n');
  await repo.updateImport(tx, row.id, { status: 'done', message });
  await repo.dropStaging(tx, row.id);
  await recordAudit(tx, {
    userId: session.userId,
    action: 'exchange.import',
    entity: 'exchange',
    entityId: session.id,
    data: {
      file: relative,
      records: row.staged,
      only_changes: meta.onlyChanges,
      deactivated,
      unknown_warehouses: meta.unknownWarehouses ?? [],
    },
  });
  return message ? text('success', message) : text('success');
}

// ---- sale ----

/** Orders handed to 1C in one query. */
const SALE_BATCH = 500;

async function saleQuery(db: Db, session: repo.SessionRow): Promise<ExchangeAnswer> {
  const orders = await repo.pendingOrders(db, SALE_BATCH);
  await repo.rememberSent(
    db,
    session.id,
    orders.map((o) => [o.id, o.version]),
  );
  return { body: saleDocument(orders, new Date()), contentType: 'application/xml; charset=utf-8' };
}

async function saleSuccess(db: Db, session: repo.SessionRow): Promise<ExchangeAnswer> {
  await db.transaction(async (tx) => {
    const taken = await repo.markTaken(tx, session.id, session.saleSent);
    await recordAudit(tx, {
      userId: session.userId,
      action: 'exchange.orders_taken',
      entity: 'exchange',
      entityId: session.id,
      data: { orders: session.saleSent.map(([id]) => id), marked: taken },
    });
  });
  return text('success');
}

/** The statuses from `from` to `to` along the order rules (shortest way), or null when there is none. */
function pathTo(from: OrderStatus, to: OrderStatus): OrderStatus[] | null {
  const queue: OrderStatus[][] = [[from]];
  const seen = new Set<OrderStatus>([from]);
  for (let way = queue.shift(); way; way = queue.shift()) {
    const last = way[way.length - 1] as OrderStatus;
    if (last === to) return way.slice(1);
    for (const next of ORDER_TRANSITIONS[last]) {
      if (seen.has(next) || (next === 'cancelled' && to !== 'cancelled')) continue;
      seen.add(next);
      queue.push([...way, next]);
    }
  }
  return null;
}

async function statusFile(
  db: Db,
  session: repo.SessionRow,
  body: Buffer | undefined,
): Promise<ExchangeAnswer> {
  const raw = body ?? Buffer.alloc(0);
  const head = raw.subarray(0, 200).toString('latin1');
  const label = /encoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1] ?? 'utf-8';
  let xml: string;
  try {
    xml = new TextDecoder(label, { fatal: true }).decode(raw);
  } catch (err) {
    return failure(
      err instanceof RangeError
        ? `${M.encodingUnknown}${label}`
        : `${M.xmlBroken}байты не в кодировке ${label}`,
    );
  }
  const changes = readStatusChanges(xml);
  const refused: string[] = [];
  for (const change of changes) {
    if (!change.status) {
      if (change.raw) refused.push(`${change.number}: ${M.statusUnknown}«${change.raw}»`);
      continue;
    }
    const to = change.status;
    const reason = await db.transaction(async (tx) => {
      const order = await repo.lockOrderByNumber(tx, change.number);
      if (!order) return `${M.orderUnknown}${change.number}`;
      if (order.status === to) return null;
      const way = pathTo(order.status, to);
      if (!way) return `${M.statusIllegal}${change.number}: ${order.status} → ${to}`;
      for (const step of way)
        if (!(await transitionOrder(tx, order.id, step)))
          return `${M.statusIllegal}${change.number}: ${order.status} → ${to}`;
      await repo.markExchangedNow(tx, order.id);
      await recordAudit(tx, {
        userId: session.userId,
        action: 'order.status',
        entity: 'order',
        entityId: order.id,
        data: { before: order.status, after: to, source: '1c' },
      });
      return null;
    });
    if (reason) refused.push(reason);
  }
  return refused.length > 0 ? failure(refused.join('\n')) : text('success');
}
