import { Module } from '@nestjs/common';
import { ProgrammeOverviewModule } from '../programme/overview/programme-overview.module';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

@Module({ imports: [ProgrammeOverviewModule], controllers: [ReportsController], providers: [ReportsService] })
export class ReportsModule {}
