import { Module } from '@nestjs/common';
import { JobQueuesService } from './job-queues.service';

@Module({ providers: [JobQueuesService], exports: [JobQueuesService] })
export class JobQueuesModule {}
