import { keepPreviousData, queryOptions, useQuery, type Query } from '@tanstack/react-query';
import {
  isTerminalStatus,
  MESSAGES,
  type VendorListItem,
  type VendorListPage,
  type VendorListQueryInput,
} from '@vendorwatch/contracts';
import { CRAWL_JOB_POLL_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import { completedMomentsAgo } from '@/lib/assessment-wait';
import type { QueryConfig } from '@/lib/react-query';

/**
 * `GET /api/vendors`: one page of the workspace's vendors, searched, filtered and sorted on the server,
 * each with its grade, rate, label and latest crawl. Without parameters, the whole workspace (newest first).
 */
export const getVendors = ({ params = {}, signal }: { params?: VendorListQueryInput; signal?: AbortSignal } = {}) =>
  api.get<VendorListPage>('/api/vendors', { params: params as Record<string, string | number | undefined>, signal });

/** A vendor whose last crawl completed moments ago and whose grade is not from it yet: it is being assessed. */
const awaitsAssessment = ({ lastCrawl, lastAssessedAt }: VendorListItem) =>
  lastCrawl !== null &&
  completedMomentsAgo(lastCrawl) &&
  (lastAssessedAt === null || Date.parse(lastAssessedAt) < Date.parse(lastCrawl.completionTime!));

/**
 * Every 5 s while a vendor's last crawl is queued or running, so its state and progress stay current,
 * and while a just-completed one is assessed, so its grade shows without a reload.
 */
const whileCrawling = (query: Query<VendorListPage>) =>
  query.state.data?.items.some((item) => (item.lastCrawl && !isTerminalStatus(item.lastCrawl.status)) || awaitsAssessment(item))
    ? CRAWL_JOB_POLL_MS
    : false;

/** The list's queries share the `['vendors']` prefix, so whatever changes a vendor refreshes every page. */
export const VENDORS_QUERY_KEY = ['vendors'] as const;

export const getVendorsQueryOptions = (params: VendorListQueryInput = {}) =>
  queryOptions({
    queryKey: [...VENDORS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getVendors({ params, signal }),
    refetchInterval: whileCrawling,
    // The page being left stays on screen while the next one loads (no flash of "Loading").
    placeholderData: keepPreviousData,
    meta: { errorTitle: MESSAGES.vendors.loadFailed },
  });

export const useVendors = ({
  params,
  queryConfig,
}: { params?: VendorListQueryInput; queryConfig?: QueryConfig<typeof getVendorsQueryOptions> } = {}) =>
  useQuery({ ...getVendorsQueryOptions(params), ...queryConfig });
