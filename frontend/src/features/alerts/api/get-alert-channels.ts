import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type AlertChannel } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { ALERT_QUERY_KEYS } from './alert-query-keys';

export const getAlertChannels = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<AlertChannel[]>('/api/alerts/channels', { signal });

export const getAlertChannelsQueryOptions = () =>
  queryOptions({
    queryKey: ALERT_QUERY_KEYS.channels,
    queryFn: ({ signal }) => getAlertChannels({ signal }),
    meta: { errorTitle: MESSAGES.alerts.loadFailed },
  });

export const useAlertChannels = () => useQuery(getAlertChannelsQueryOptions());
