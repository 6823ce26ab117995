import { Module } from '@nestjs/common';
import { JobQueuesModule } from '../job-queues/job-queues.module';
import { VendorImportService } from './import/vendor-import.service';
import { VendorMoveService } from './move/vendor-move.service';
import { VendorsController } from './vendors.controller';
import { VendorsService } from './vendors.service';

@Module({
  imports: [JobQueuesModule],
  controllers: [VendorsController],
  providers: [VendorsService, VendorImportService, VendorMoveService],
  exports: [VendorsService],
})
export class VendorsModule {}
