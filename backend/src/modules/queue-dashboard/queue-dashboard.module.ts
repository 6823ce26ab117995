import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG, JobQueues, type AppConfig } from '@vendorwatch/runtime';
import type { FastifyInstance } from 'fastify';
import { carriesToken, OPERATOR_REALM } from '../../common/operator-token';
import { JobQueuesModule } from '../job-queues/job-queues.module';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Bull Board for operators at /admin/queues: every queue's jobs, with retry and remove. It answers
 * only to OPERATOR_TOKEN (HTTP Basic, any user name, the token as password — the browser asks for
 * it), never to a user's sign-in, and is not mounted at all without a token configured.
 */
@Module({ imports: [JobQueuesModule] })
export class QueueDashboardModule implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly jobQueues: JobQueues,
  ) {}

  async onModuleInit(): Promise<void> {
    const token = this.config.OPERATOR_TOKEN;
    if (!token) return;
    const board = new BullBoardFastifyAdapter();
    board.setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: this.jobQueues.queuesForDashboard().map((queue) => new BullMQAdapter(queue)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Vendorwatch queues' } },
    });
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    await fastify.register(async (scope) => {
      // Before anything else of the dashboard, its static files included.
      scope.addHook('onRequest', async (request, reply) => {
        if (carriesToken(request.headers.authorization, token)) return;
        await reply
          .code(401)
          .header('www-authenticate', OPERATOR_REALM)
          .send({ statusCode: 401, message: 'Operator token required' });
      });
      await scope.register(board.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
    });
  }
}
