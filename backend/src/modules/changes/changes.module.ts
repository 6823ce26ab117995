import { Module } from '@nestjs/common';
import { CrawlChangesController, VendorTimelineController } from './changes.controller';
import { ChangesService } from './changes.service';
import { WordDiffPool } from './word-diff.pool';

@Module({
  controllers: [CrawlChangesController, VendorTimelineController],
  providers: [ChangesService, WordDiffPool],
})
export class ChangesModule {}
