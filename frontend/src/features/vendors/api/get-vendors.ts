import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import { isTerminalStatus, MESSAGES, type VendorListItem } from '@vendorwatch/contracts';
import { CRAWL_JOB_POLL_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** The signed-in user's vendors, newest first (the server's order), each with its latest compliance label and crawl. */
export const getVendors = ({ signal }: { signal?: AbortSignal } = {}) => api.get<VendorListItem[]>('/api/vendors', { signal });

/** Every 5 s while a vendor's last crawl is queued or running, so its state and progress stay current. */
const whileCrawling = (query: Query<VendorListItem[]>) =>
  query.state.data?.some(({ lastCrawl }) => lastCrawl && !isTerminalStatus(lastCrawl.status)) ? CRAWL_JOB_POLL_MS : false;

export const getVendorsQueryOptions = () =>
  queryOptions({
    queryKey: ['vendors'],
    queryFn: ({ signal }) => getVendors({ signal }),
    refetchInterval: whileCrawling,
    meta: { errorTitle: MESSAGES.vendors.loadFailed },
  });

export const useVendors = ({ queryConfig }: { queryConfig?: QueryConfig<typeof getVendorsQueryOptions> } = {}) =>
  useQuery({ ...getVendorsQueryOptions(), ...queryConfig });
