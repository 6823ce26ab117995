import { Module } from '@nestjs/common';
import { ProgrammeModule } from '../programme/programme.module';
import { AcceptanceLimit } from './acceptance-limit';
import { RiskAcceptancesController } from './risk-acceptances.controller';
import { RiskAcceptancesService } from './risk-acceptances.service';

/**
 * Accepted risks (issue 40, item 4). Other modules read the overview's counts through
 * RiskAcceptancesService.counts; reports apply active acceptances with `applyAcceptances`.
 */
@Module({
  imports: [ProgrammeModule],
  controllers: [RiskAcceptancesController],
  providers: [RiskAcceptancesService, AcceptanceLimit],
  exports: [RiskAcceptancesService],
})
export class RiskAcceptancesModule {}
