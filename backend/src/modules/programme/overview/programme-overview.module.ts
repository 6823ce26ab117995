import { Module } from '@nestjs/common';
import { ProgrammeModule } from '../programme.module';
import { RiskProfileController } from '../risk-profile/risk-profile.controller';
import { RiskProfileRepository } from '../risk-profile/risk-profile.repository';
import { RiskProfileService } from '../risk-profile/risk-profile.service';
import { ProgrammeOverviewController } from './programme-overview.controller';
import { ProgrammeOverviewRepository } from './programme-overview.repository';
import { ProgrammeOverviewService } from './programme-overview.service';
import { VendorProgrammeFacts } from './vendor-programme-facts';

/**
 * Where people look (issue 40, item 6): the programme overview, a vendor's risk profile PDF, and the
 * per-vendor programme facts the report exports add (VendorProgrammeFacts, exported for them).
 */
@Module({
  imports: [ProgrammeModule],
  controllers: [ProgrammeOverviewController, RiskProfileController],
  providers: [
    ProgrammeOverviewRepository,
    ProgrammeOverviewService,
    RiskProfileRepository,
    RiskProfileService,
    VendorProgrammeFacts,
  ],
  exports: [VendorProgrammeFacts],
})
export class ProgrammeOverviewModule {}
