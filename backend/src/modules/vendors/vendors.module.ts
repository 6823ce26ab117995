import { Module } from '@nestjs/common';
import { JobQueuesModule } from '../job-queues/job-queues.module';
import { VendorsController } from './vendors.controller';
import { VendorsService } from './vendors.service';

@Module({
  imports: [JobQueuesModule],
  controllers: [VendorsController],
  providers: [VendorsService],
  exports: [VendorsService],
})
export class VendorsModule {}
