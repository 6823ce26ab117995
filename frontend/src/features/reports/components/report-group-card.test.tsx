import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkResult } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { ReportGroupCard } from './report-group-card';

const card = (outcomes: Parameters<typeof checkResult>[0][]) =>
  renderWithProviders(
    <ReportGroupCard
      group="tls"
      checks={outcomes.map((extra, i) => checkResult({ checkId: `tls.${i}`, group: 'tls', title: `TLS check ${i}`, ...extra }))}
      jobId="job-1"
      screenshots={new Set()}
      onShowScreenshot={() => undefined}
      phone={false}
    />,
  );

describe('a report group card', () => {
  it('says how many checks failed', () => {
    card([{ outcome: 'fail' }, { outcome: 'pass' }]);
    expect(screen.getByText('1 failed')).toBeInTheDocument();
  });

  it('says all passed when what was judged passed', () => {
    card([{ outcome: 'pass' }, { outcome: 'not_applicable' }]);
    expect(screen.getByText('All passed')).toBeInTheDocument();
  });

  it('never says all passed of a group where nothing could be judged', () => {
    card([{ outcome: 'not_applicable' }, { outcome: 'not_checked' }]);
    expect(screen.getByText('Nothing to judge')).toBeInTheDocument();
    expect(screen.queryByText('All passed')).not.toBeInTheDocument();
  });
});
