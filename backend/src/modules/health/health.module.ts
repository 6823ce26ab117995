import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { JobQueuesModule } from '../job-queues/job-queues.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), JobQueuesModule],
  controllers: [HealthController],
  providers: [HealthService],
})
export class HealthModule {}
