import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type AlertRule } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { ALERT_QUERY_KEYS } from './alert-query-keys';

export const getAlertRules = ({ signal }: { signal?: AbortSignal } = {}) => api.get<AlertRule[]>('/api/alerts/rules', { signal });

export const getAlertRulesQueryOptions = () =>
  queryOptions({
    queryKey: ALERT_QUERY_KEYS.rules,
    queryFn: ({ signal }) => getAlertRules({ signal }),
    meta: { errorTitle: MESSAGES.alerts.loadFailed },
  });

export const useAlertRules = () => useQuery(getAlertRulesQueryOptions());
