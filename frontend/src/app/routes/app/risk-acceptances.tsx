import { RISK_ACCEPTANCE_STATE_FILTERS, type RiskAcceptanceStateFilter } from '@vendorwatch/contracts';
import { useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { RiskAcceptancesList } from '@/features/risk-acceptances/components/risk-acceptances-list';

const isStateFilter = (value: string | null): value is RiskAcceptanceStateFilter =>
  (RISK_ACCEPTANCE_STATE_FILTERS as readonly (string | null)[]).includes(value);

/** Accepted risks of the workspace; `?state=` (the programme overview's links) opens that tab. */
export default function RiskAcceptancesRoute() {
  const [search] = useSearchParams();
  const state = search.get('state');
  // `approved` and `active` name the same acceptances.
  const initial = isStateFilter(state) ? (state === 'approved' ? 'active' : state) : 'pending';
  return (
    <ContentLayout title="Risk acceptances">
      <RiskAcceptancesList key={initial} initialState={initial} />
    </ContentLayout>
  );
}
