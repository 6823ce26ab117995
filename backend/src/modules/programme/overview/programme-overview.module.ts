import { Module } from '@nestjs/common';
import { QuestionnairesModule } from '../../questionnaires/questionnaires.module';
import { ProgrammeModule } from '../programme.module';
import { ProgrammeOverviewController } from './programme-overview.controller';
import { ProgrammeOverviewRepository } from './programme-overview.repository';
import { ProgrammeOverviewService } from './programme-overview.service';
import { VendorProgrammeFacts } from './vendor-programme-facts';

/**
 * Where people look (issue 40, item 6): the programme overview, and the per-vendor programme facts
 * the reports add (VendorProgrammeFacts: the exports' columns, the risk profile's reads).
 */
@Module({
  imports: [ProgrammeModule, QuestionnairesModule],
  controllers: [ProgrammeOverviewController],
  providers: [ProgrammeOverviewRepository, ProgrammeOverviewService, VendorProgrammeFacts],
  exports: [VendorProgrammeFacts, ProgrammeModule],
})
export class ProgrammeOverviewModule {}
