import { DATA_PACKAGES, dataSources, installedVersion, RECORDED_DATA_SOURCES } from './data-sources';

describe('data sources', () => {
  it('records the date of every installed data package (npm run data:refresh keeps them in step)', () => {
    for (const { package: name } of Object.values(DATA_PACKAGES)) {
      expect({ name, version: RECORDED_DATA_SOURCES[name]?.version }).toEqual({ name, version: installedVersion(name) });
      expect(RECORDED_DATA_SOURCES[name]!.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('gives each source with its version, date and licence, for a report to state', () => {
    expect(dataSources().find((source) => source.use === 'vulnerabilities')).toEqual({
      use: 'vulnerabilities',
      name: expect.stringContaining('Retire.js'),
      package: '@salesforce/code-analyzer-retirejs-engine',
      version: installedVersion('@salesforce/code-analyzer-retirejs-engine'),
      publishedAt: RECORDED_DATA_SOURCES['@salesforce/code-analyzer-retirejs-engine']!.publishedAt,
      licence: expect.stringContaining('Apache-2.0'),
    });
  });
});
