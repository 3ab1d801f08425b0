import multipart from '@fastify/multipart';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_FILE_NAME_MAX_LENGTH,
  SUPPLIER_MESSAGES,
  adminPriceListPreviewFields,
  type AdminPriceListPreview,
} from '@podbor/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/http-error';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import { refreshYmlFeed } from '../feeds/feeds.service';
import { giveUpImport, requeueOrphans } from '../admin-imports/admin-imports.service';
import {
  brandSynonyms,
  createRule,
  createSupplier,
  createSynonym,
  markupRules,
  previewFile,
  removeRule,
  removeSupplier,
  removeSynonym,
  runPriceListImport,
  startPriceListImport,
  storePriceList,
  supplierForUpload,
  suppliersList,
  unmatchedCsv,
  updateRule,
  updateSupplier,
} from './price-lists.service';

/** A run left `running` this long without a committed batch was left by a process that stopped. */
const STALE_RUN_SECONDS = 120;
/** Text fields of the preview form (encoding, delimiter, header_row, first_data_line, sheet). */
const PREVIEW_FIELDS = 5;

// Back office (issue #15): suppliers, price lists, markup rules, brand synonyms; and the `price-list` job.
const priceListsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { jobs } = deps;
  const dataDir = app.config.dataDir;
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_FILE_MAX_BYTES,
      files: 1,
      fields: PREVIEW_FIELDS,
      parts: PREVIEW_FIELDS + 1,
      fieldSize: 100,
    },
  });

  jobs.register('price-list', async ({ importId }, { lastAttempt }) => {
    let finished = false;
    try {
      finished = await runPriceListImport(app.db, importId, {
        dataDir,
        batchLines: app.config.priceListBatchLines,
        log: app.log,
        requeue: async (id) => {
          await jobs.enqueue('price-list', { importId: id });
        },
      });
    } catch (err) {
      if (lastAttempt) await giveUpImport(app.db, importId);
      throw err;
    }
    // The feed follows the offers now rather than at its next request (a failure leaves the old one served).
    if (finished)
      await refreshYmlFeed(app.db, app.config).catch((err: unknown) =>
        app.log.warn({ err, importId }, 'YML feed not refreshed after the price list'),
      );
  });
  jobs.onStart(async () => {
    const stale = deps.handle.kind === 'pglite' ? 0 : STALE_RUN_SECONDS;
    const n = await requeueOrphans(app.db, jobs, stale, 'price-list');
    if (n > 0) app.log.info({ imports: n }, 'unfinished price-list imports queued again');
  });

  route(app, 'adminSuppliers', async () => suppliersList(app.db));
  route(app, 'adminSupplierCreate', async (request, reply) =>
    reply.status(201).send(await createSupplier(app.db, request.body, staffOf(request).userId)),
  );
  route(app, 'adminSupplierUpdate', async (request) =>
    updateSupplier(app.db, request.params.id, request.body, staffOf(request).userId),
  );
  route(app, 'adminSupplierDelete', async (request) =>
    removeSupplier(app.db, request.params.id, staffOf(request).userId),
  );

  route(app, 'adminPriceListPreview', async (request) => {
    if (!request.isMultipart()) throw badRequest({ file: [SUPPLIER_MESSAGES.fileMissing] });
    const fields: Record<string, string> = {};
    let preview: AdminPriceListPreview | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value.trim();
        continue;
      }
      if (part.fieldname !== 'file' || preview) {
        part.file.resume();
        continue;
      }
      const parsed = adminPriceListPreviewFields.safeParse(fields);
      if (!parsed.success) {
        part.file.resume();
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues)
          (errors[String(issue.path[0] ?? 'detail')] ??= []).push(issue.message);
        throw badRequest(errors);
      }
      // The first bytes tell an XLSX (a ZIP) from a text file, whatever the name says.
      const file = part.file;
      const first = await new Promise<Buffer>((resolve, reject) => {
        file.once('readable', () => resolve((file.read(8) as Buffer | null) ?? Buffer.alloc(0)));
        file.once('error', reject);
      });
      if (first.length > 0) file.unshift(first);
      try {
        preview = await previewFile(file, part.filename || 'price.csv', first, parsed.data);
      } finally {
        // The rest of the file is not needed: read it off so the request completes.
        file.resume();
      }
    }
    if (!preview) throw badRequest({ file: [SUPPLIER_MESSAGES.fileMissing] });
    return preview;
  });

  route(app, 'adminSupplierPriceListUpload', async (request, reply) => {
    const supplier = await supplierForUpload(app.db, request.params.id);
    if (!request.isMultipart()) throw badRequest({ file: [SUPPLIER_MESSAGES.fileMissing] });
    let stored: { fileName: string; filePath: string } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.fieldname === 'file' && !stored) {
          const fileName = path.basename(part.filename || 'price.csv').slice(0, IMPORT_FILE_NAME_MAX_LENGTH);
          stored = { fileName, filePath: await storePriceList(dataDir, fileName, part.file) };
        } else if (part.type === 'file') {
          part.file.resume();
        }
      }
    } catch (err) {
      if (stored) await rm(path.join(dataDir, stored.filePath), { force: true });
      if ((err as { statusCode?: number }).statusCode) throw err;
      throw badRequest({ file: [SUPPLIER_MESSAGES.fileMissing] });
    }
    if (!stored) throw badRequest({ file: [SUPPLIER_MESSAGES.fileMissing] });
    const run = await startPriceListImport(app.db, jobs, dataDir, supplier, stored, staffOf(request).userId);
    return reply.status(202).send(run);
  });

  route(app, 'adminImportUnmatched', async (request, reply) => {
    const { name, body } = await unmatchedCsv(app.db, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(body);
  });

  route(app, 'adminMarkupRules', async () => markupRules(app.db));
  route(app, 'adminMarkupRuleCreate', async (request, reply) =>
    reply.status(201).send(await createRule(app.db, request.body, staffOf(request).userId)),
  );
  route(app, 'adminMarkupRuleUpdate', async (request) =>
    updateRule(app.db, request.params.id, request.body, staffOf(request).userId),
  );
  route(app, 'adminMarkupRuleDelete', async (request) =>
    removeRule(app.db, request.params.id, staffOf(request).userId),
  );

  route(app, 'adminBrandSynonyms', async (request) => brandSynonyms(app.db, request.query));
  route(app, 'adminBrandSynonymCreate', async (request, reply) =>
    reply.status(201).send(await createSynonym(app.db, request.body, staffOf(request).userId)),
  );
  route(app, 'adminBrandSynonymDelete', async (request) =>
    removeSynonym(app.db, request.params.id, staffOf(request).userId),
  );
};

export default priceListsRoutes;
