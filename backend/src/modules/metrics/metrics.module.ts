import { Module } from '@nestjs/common';
import { JobQueuesModule } from '../job-queues/job-queues.module';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

@Module({ imports: [JobQueuesModule], controllers: [MetricsController], providers: [MetricsService] })
export class MetricsModule {}
