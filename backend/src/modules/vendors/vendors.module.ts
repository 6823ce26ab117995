import { Module } from '@nestjs/common';
import { JobQueuesModule } from '../job-queues/job-queues.module';
import { ProgrammeModule } from '../programme/programme.module';
import { VendorImportService } from './import/vendor-import.service';
import { VendorMoveService } from './move/vendor-move.service';
import { VendorsController } from './vendors.controller';
import { VendorsService } from './vendors.service';

@Module({
  imports: [JobQueuesModule, ProgrammeModule],
  controllers: [VendorsController],
  providers: [VendorsService, VendorImportService, VendorMoveService],
  exports: [VendorsService],
})
export class VendorsModule {}
