import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';
import { DashboardPostureService } from './dashboard-posture.service';
import { DashboardService } from './dashboard.service';

@Module({ controllers: [DashboardController], providers: [DashboardService, DashboardPostureService] })
export class DashboardModule {}
