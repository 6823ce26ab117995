import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, POLLING_MS, type AlertDelivery, type Paginated } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { ALERT_QUERY_KEYS } from './alert-query-keys';

export const getAlertDeliveries = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<Paginated<AlertDelivery>>('/api/alerts/deliveries?limit=50', { signal });

/** Polled while the screen is open: a delivery goes from pending to delivered or failed on its own. */
export const getAlertDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: ALERT_QUERY_KEYS.deliveries,
    queryFn: ({ signal }) => getAlertDeliveries({ signal }),
    refetchInterval: POLLING_MS.dashboard,
    meta: { errorTitle: MESSAGES.alerts.loadFailed },
  });

export const useAlertDeliveries = () => useQuery(getAlertDeliveriesQueryOptions());
