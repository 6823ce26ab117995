import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE } from '../catalogue';
import { questionsOf, SHIPPED_QUESTIONNAIRES, shippedQuestionnaire } from './shipped-templates';

describe('shipped questionnaires', () => {
  it('ships MVSP v3.0 and the VSAQ web application questionnaire, each with its licence', () => {
    expect(SHIPPED_QUESTIONNAIRES.map(({ id }) => id)).toEqual(['mvsp-3.0', 'vsaq-webapp']);
    expect(shippedQuestionnaire('mvsp-3.0')?.licence).toMatch(/CC0/);
    expect(shippedQuestionnaire('vsaq-webapp')?.licence).toMatch(/Apache License, Version 2\.0/);
  });

  it('holds MVSP v3.0 as its checklist lists it: 25 controls in four groups of 8, 8, 5 and 4', () => {
    const mvsp = shippedQuestionnaire('mvsp-3.0')!;
    expect(mvsp.sections.map(({ title, questions }) => [title, questions.length])).toEqual([
      ['1 Business controls', 8],
      ['2 Application design controls', 8],
      ['3 Application implementation controls', 5],
      ['4 Operational controls', 4],
    ]);
    const questions = questionsOf(mvsp);
    expect(questions.map(({ id }) => id)).toEqual([
      ...['1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '1.7', '1.8'],
      ...['2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '2.7', '2.8'],
      ...['3.1', '3.2', '3.3', '3.4', '3.5'],
      ...['4.1', '4.2', '4.3', '4.4'],
    ]);
    expect(questions.every(({ type }) => type === 'yes_no')).toBe(true);
    // The checklist's own prose, not the OSCAL catalogue's (which repeats 1.1's text under 2.1).
    const byId = new Map(questions.map((question) => [question.id, question]));
    expect(byId.get('1.1')).toMatchObject({ text: 'External vulnerability reports' });
    expect(byId.get('1.1')?.guidance).toMatch(/vulnerability disclosure policy/);
    expect(byId.get('2.1')).toMatchObject({ text: 'Single Sign-On' });
    expect(byId.get('2.1')?.guidance).toMatch(/single sign-on/);
    expect(byId.get('2.1')?.guidance).not.toMatch(/vulnerability disclosure/);
  });

  it('holds the VSAQ web application questions it converts: 37 radio groups and 26 text fields, less the Feedback block', () => {
    // webapp.json has 37 radio groups and 26 line/box fields; the Feedback block's one text field is left
    // out, as are its 10 multi-select check groups (no such type here).
    const questions = questionsOf(shippedQuestionnaire('vsaq-webapp')!);
    const count = (type: string) => questions.filter((question) => question.type === type).length;
    expect({ yesNo: count('yes_no'), choice: count('choice'), text: count('text') }).toEqual({ yesNo: 26, choice: 11, text: 25 });
    expect(new Set(questions.map(({ id }) => id)).size).toBe(questions.length);
    expect(questions.filter(({ type }) => type === 'choice').every(({ choices }) => (choices?.length ?? 0) >= 2)).toBe(true);
  });

  it('maps the questions the crawl can answer to catalogue checks', () => {
    const mapped = (templateId: string) =>
      Object.fromEntries(
        questionsOf(shippedQuestionnaire(templateId)!)
          .filter(({ checkIds }) => checkIds.length > 0)
          .map(({ id, checkIds }) => [id, checkIds]),
      );
    expect(mapped('mvsp-3.0')).toEqual({
      '1.1': ['security-txt'],
      '2.2': ['https', 'http-redirects-to-https', 'hsts'],
      '2.3': ['content-security-policy', 'frame-protection'],
      '2.6': ['vulnerable-js-libraries'],
    });
    const known = new Set(CATALOGUE.map(({ id }) => id));
    for (const template of SHIPPED_QUESTIONNAIRES) {
      for (const question of questionsOf(template)) {
        for (const checkId of question.checkIds) expect(known.has(checkId)).toBe(true);
        if (question.checkIds.length > 0) expect(question.type).toBe('yes_no');
      }
    }
  });
});

describe('the methodology page', () => {
  it('shows every mapping of a question to checks', () => {
    const page = readFileSync(join(__dirname, '../../../../docs/methodology.md'), 'utf8');
    for (const template of SHIPPED_QUESTIONNAIRES) {
      for (const question of questionsOf(template).filter(({ checkIds }) => checkIds.length > 0)) {
        const checks = question.checkIds.map((id) => `\`${id}\``).join(', ');
        const row = page.split('\n').find((line) => line.includes(question.id) && line.endsWith(`| ${checks} |`));
        expect({ question: question.id, row }).toEqual({ question: question.id, row: expect.any(String) });
      }
    }
  });
});
