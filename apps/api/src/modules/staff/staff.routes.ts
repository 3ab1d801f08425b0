import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import { auditList, staffLogin, staffMe, type StaffEnv } from './staff.service';

const staffRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const env: StaffEnv = {
    db: app.db,
    secret: app.config.jwtSecret,
    totpKey: app.config.staffTotpKey,
    sessionSec: app.config.staffSessionSec,
    limiter: deps.limiter,
  };

  route(app, 'staffLogin', async (request) =>
    staffLogin(env, {
      phone: request.body.phone_number,
      password: request.body.password,
      code: request.body.code,
      ip: request.ip,
    }),
  );
  route(app, 'staffMe', async (request) => staffMe(app.db, staffOf(request).userId));
  route(app, 'adminAuditLog', async (request) => auditList(app.db, request.query));
};

export default staffRoutes;
