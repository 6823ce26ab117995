import { Module } from '@nestjs/common';
import { VendorsModule } from '../vendors/vendors.module';
import { CrawlChangesController, VendorTimelineController } from './changes.controller';
import { ChangesService } from './changes.service';

@Module({
  imports: [VendorsModule],
  controllers: [CrawlChangesController, VendorTimelineController],
  providers: [ChangesService],
})
export class ChangesModule {}
