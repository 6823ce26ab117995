import { questionnaireCheckMappingSchema, questionnaireTemplateSchema, type QuestionnaireTemplate } from '@vendorwatch/contracts';
import { CATALOGUE } from '../catalogue';
import checkMapping from './check-mapping.json';
import mvsp from './templates/mvsp-3.0.json';
import vsaqWebapp from './templates/vsaq-webapp.json';

/**
 * The questionnaires Vendorwatch ships, as data with their licences (MVSP v3.0, CC0; Google's VSAQ
 * web application questionnaire, Apache-2.0 — attribution in the repository's NOTICE). A team's
 * licensed questionnaires (SIG, CAIQ, HECVAT …) are imported per workspace, never shipped.
 *
 * Which questions the latest assessment answers is data too (`check-mapping.json`): a question maps
 * to the checks whose outcomes pre-fill it and expose a contradicting "yes". docs/methodology.md
 * shows the table.
 */
const SOURCES = [mvsp, vsaqWebapp] as const;

/** Reads and checks the shipped files; throws at load time if one is malformed or maps to an unknown check. */
function loadShippedTemplates(): readonly QuestionnaireTemplate[] {
  const mapping = questionnaireCheckMappingSchema.parse(checkMapping);
  const knownChecks = new Set(CATALOGUE.map((check) => check.id));
  return SOURCES.map((source) => {
    const stored = questionnaireTemplateSchema.parse(source);
    const mapped = mapping[stored.id] ?? {};
    const ids = new Set<string>();
    const template: QuestionnaireTemplate = {
      ...stored,
      sections: stored.sections.map((section) => ({
        ...section,
        questions: section.questions.map((question) => {
          if (ids.has(question.id)) throw new Error(`${stored.id}: question ${question.id} is listed twice`);
          ids.add(question.id);
          return { ...question, checkIds: mapped[question.id] ?? [] };
        }),
      })),
    };
    for (const [questionId, checkIds] of Object.entries(mapped)) {
      if (!ids.has(questionId)) throw new Error(`${stored.id}: the check mapping names no question ${questionId}`);
      const unknown = checkIds.find((id) => !knownChecks.has(id));
      if (unknown) throw new Error(`${stored.id}: question ${questionId} maps to an unknown check ${unknown}`);
    }
    return questionnaireTemplateSchema.parse(template);
  });
}

export const SHIPPED_QUESTIONNAIRES: readonly QuestionnaireTemplate[] = loadShippedTemplates();

export const shippedQuestionnaire = (id: string): QuestionnaireTemplate | undefined =>
  SHIPPED_QUESTIONNAIRES.find((template) => template.id === id);

/** Every question of a template in order, with the title of its section. */
export const questionsOf = (template: Pick<QuestionnaireTemplate, 'sections'>) =>
  template.sections.flatMap((section) => section.questions.map((question) => ({ ...question, section: section.title })));

/** The mapping of questions to checks, per template, as methodology.md shows it. */
export const QUESTIONNAIRE_CHECK_MAPPING: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> =
  questionnaireCheckMappingSchema.parse(checkMapping);
