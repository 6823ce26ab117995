import { Module } from '@nestjs/common';
import { VendorIntakeController } from './intake/vendor-intake.controller';
import { VendorIntakeService } from './intake/vendor-intake.service';
import { VendorReviewStatusService } from './review-status/vendor-review-status.service';
import { VendorReviewsController } from './reviews/vendor-reviews.controller';
import { VendorReviewsService } from './reviews/vendor-reviews.service';
import { ProgrammeTiersController } from './tiers/programme-tiers.controller';
import { ProgrammeTiersService } from './tiers/programme-tiers.service';
import { VendorProgrammeRules } from './vendor-programme/vendor-programme.rules';

/**
 * The vendor programme (issue 40): tier settings, intake, reviews and review status. Other modules read
 * a workspace's tiers through ProgrammeTiersService and review statuses through VendorReviewStatusService.
 */
@Module({
  controllers: [ProgrammeTiersController, VendorIntakeController, VendorReviewsController],
  providers: [ProgrammeTiersService, VendorIntakeService, VendorReviewsService, VendorReviewStatusService, VendorProgrammeRules],
  exports: [ProgrammeTiersService, VendorReviewStatusService, VendorProgrammeRules],
})
export class ProgrammeModule {}
