import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import { jobsOverview, retryFailedJob } from './admin-jobs.service';

// «Фоновые задачи» of the back office (issue #16): administrators see the job queues and failures, and may run a
// failed job again.
const adminJobsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, 'adminJobs', async () => jobsOverview(app.db));
  route(app, 'adminJobRetry', async (request) =>
    retryFailedJob(app.db, deps.jobs, request.params.jobId, staffOf(request).userId),
  );
};

export default adminJobsRoutes;
