import { Module } from '@nestjs/common';
import { APP_CONFIG, ProgrammeMailer, type AppConfig } from '@vendorwatch/runtime';
import { VendorLinksModule } from '../vendor-links/vendor-links.module';
import { VendorDocumentsController } from './documents/vendor-documents.controller';
import { VendorDocumentsService } from './documents/vendor-documents.service';
import { LatestEvidenceReader } from './latest-evidence';
import { QuestionnaireProgrammeReader } from './programme-counts';
import { QuestionnairePortalController } from './questionnaire-portal.controller';
import { QuestionnairePortalService } from './questionnaire-portal.service';
import { QuestionnairesController, VendorQuestionnairesController } from './questionnaires.controller';
import { QuestionnairesService } from './questionnaires.service';
import { QuestionnaireTemplatesController } from './templates/questionnaire-templates.controller';
import { QuestionnaireTemplatesService } from './templates/questionnaire-templates.service';

/**
 * Questionnaires and documents through the vendor link (issue 41): templates (shipped and imported),
 * requests pre-filled from the latest assessment with contradictions flagged, review and exports, the
 * portal's questionnaire routes and the vendor's documents.
 */
@Module({
  imports: [VendorLinksModule],
  // The templates' routes come before the requests' so `templates` is never read as a request id.
  controllers: [
    QuestionnaireTemplatesController,
    VendorQuestionnairesController,
    QuestionnairesController,
    QuestionnairePortalController,
    VendorDocumentsController,
  ],
  providers: [
    QuestionnaireTemplatesService,
    QuestionnairesService,
    QuestionnairePortalService,
    VendorDocumentsService,
    LatestEvidenceReader,
    QuestionnaireProgrammeReader,
    { provide: ProgrammeMailer, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new ProgrammeMailer(config) },
  ],
  exports: [QuestionnairePortalService, VendorDocumentsService, QuestionnaireProgrammeReader],
})
export class QuestionnairesModule {}
