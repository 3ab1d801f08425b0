import multipart from '@fastify/multipart';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_FILE_NAME_MAX_LENGTH,
  FILE_IMPORT_KINDS,
  IMPORT_MESSAGES,
  type FileImportKind,
} from '@podbor/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/http-error';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import {
  giveUpImport,
  importDetail,
  importErrorsCsv,
  importsPage,
  requeueOrphans,
  runImport,
  startImport,
  storeUpload,
} from './admin-imports.service';

/** A run left `running` this long without a committed batch was left by a process that stopped. */
const STALE_RUN_SECONDS = 120;

const adminImportsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { jobs } = deps;
  const dataDir = app.config.dataDir;
  await app.register(multipart, {
    limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 3, parts: 4, fieldSize: 100 },
  });

  jobs.register('import', async ({ importId }, { lastAttempt }) => {
    try {
      await runImport(app.db, importId, {
        dataDir,
        batchLines: app.config.importBatchLines,
        log: app.log,
        requeue: async (id) => {
          await jobs.enqueue('import', { importId: id });
        },
      });
    } catch (err) {
      if (lastAttempt) await giveUpImport(app.db, importId);
      throw err;
    }
  });
  // On PGlite this is the only process: whatever is `running` was cut off by its last stop.
  jobs.onStart(async () => {
    const n = await requeueOrphans(app.db, jobs, deps.handle.kind === 'pglite' ? 0 : STALE_RUN_SECONDS);
    if (n > 0) app.log.info({ imports: n }, 'unfinished imports queued again');
  });

  route(app, 'adminImportUpload', async (request, reply) => {
    if (!request.isMultipart()) throw badRequest({ file: [IMPORT_MESSAGES.fileMissing] });
    let kind: string | undefined;
    let stored: { fileName: string; filePath: string } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'kind' && typeof part.value === 'string') kind = part.value.trim();
        } else if (part.fieldname === 'file' && !stored) {
          const fileName = path.basename(part.filename || 'import.csv').slice(0, IMPORT_FILE_NAME_MAX_LENGTH);
          stored = { fileName, filePath: await storeUpload(dataDir, part.file) };
        } else {
          part.file.resume();
        }
      }
    } catch (err) {
      if (stored) await rm(path.join(dataDir, stored.filePath), { force: true });
      if ((err as { statusCode?: number }).statusCode) throw err;
      throw badRequest({ file: [IMPORT_MESSAGES.fileMissing] });
    }
    const errors: Record<string, string[]> = {};
    if (!kind || !(FILE_IMPORT_KINDS as readonly string[]).includes(kind))
      errors.kind = [IMPORT_MESSAGES.kindInvalid];
    if (!stored) errors.file = [IMPORT_MESSAGES.fileMissing];
    if (!stored || errors.kind) {
      if (stored) await rm(path.join(dataDir, stored.filePath), { force: true });
      throw badRequest(errors);
    }
    const run = await startImport(
      app.db,
      jobs,
      { kind: kind as FileImportKind, ...stored },
      staffOf(request).userId,
    );
    return reply.status(202).send(run);
  });
  route(app, 'adminImports', async (request) => importsPage(app.db, request.query));
  route(app, 'adminImportDetail', async (request) => importDetail(app.db, request.params.id));
  route(app, 'adminImportErrors', async (request, reply) => {
    const { name, body } = await importErrorsCsv(app.db, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(body);
  });
};

export default adminImportsRoutes;
