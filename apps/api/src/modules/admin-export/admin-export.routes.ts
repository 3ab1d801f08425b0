import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import { EXPORT_CONTENT_TYPES, exportFileName, prepareProductExport } from './admin-export.service';

// The products export of the back office (issue #15): administrators and managers; the file is streamed while the
// products are read. A failure after the first bytes can only cut the download short (the status is sent).
const adminExportRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'adminProductExport', async (request, reply) => {
    const write = await prepareProductExport(app.db, app.config, staffOf(request).userId, request.query);
    const body = new PassThrough();
    write(body).catch((err: unknown) => {
      request.log.error({ err }, 'products export failed');
      body.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply
      .type(EXPORT_CONTENT_TYPES[request.query.format])
      .header('content-disposition', `attachment; filename="${exportFileName(request.query.format)}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
};

export default adminExportRoutes;
