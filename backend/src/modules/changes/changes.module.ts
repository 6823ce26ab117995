import { Module } from '@nestjs/common';
import { VendorsModule } from '../vendors/vendors.module';
import { CrawlChangesController, VendorTimelineController } from './changes.controller';
import { ChangesService } from './changes.service';
import { WordDiffPool } from './word-diff.pool';

@Module({
  imports: [VendorsModule],
  controllers: [CrawlChangesController, VendorTimelineController],
  providers: [ChangesService, WordDiffPool],
})
export class ChangesModule {}
