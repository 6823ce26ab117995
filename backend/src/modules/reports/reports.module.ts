import { Module } from '@nestjs/common';
import { QuestionnairesModule } from '../questionnaires/questionnaires.module';
import { ProgrammeOverviewModule } from '../programme/overview/programme-overview.module';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';
import { RiskProfileController } from './risk-profile/risk-profile.controller';
import { RiskProfileRepository } from './risk-profile/risk-profile.repository';
import { RiskProfileService } from './risk-profile/risk-profile.service';

/** Reports and their exports, and a vendor's risk profile PDF (issue 40); the programme's facts come from ProgrammeOverviewModule. */
@Module({
  imports: [ProgrammeOverviewModule, QuestionnairesModule],
  controllers: [ReportsController, RiskProfileController],
  providers: [ReportsService, RiskProfileService, RiskProfileRepository],
})
export class ReportsModule {}
