import {
  REVIEW_STATUSES,
  VENDOR_CRAWL_STATE_FILTERS,
  VENDOR_TIER_FILTERS,
  VENDOR_GRADE_FILTERS,
  VENDOR_LABEL_FILTERS,
  VENDOR_LIST_ORDERS,
  VENDOR_LIST_SORTS,
  type VendorCrawlStateFilter,
  type VendorGradeFilter,
  type VendorLabelFilter,
  type VendorListOrder,
  type VendorListSort,
  type ReviewStatus,
  type VendorTierFilter,
} from '@vendorwatch/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Vendors per page of the list. */
export const VENDOR_PAGE_SIZE = 25;

/** What the list shows, kept in the page's URL (`/vendors?grade=F&sort=rate`), so a view can be bookmarked or shared. */
export interface VendorListView {
  q: string;
  sort: VendorListSort;
  order?: VendorListOrder;
  grade?: VendorGradeFilter;
  label?: VendorLabelFilter;
  crawlState?: VendorCrawlStateFilter;
  tier?: VendorTierFilter;
  reviewStatus?: ReviewStatus;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** The view the URL names; a value the list does not know (a hand-edited link) counts as not given. */
export function viewFromSearch(search: URLSearchParams): VendorListView {
  const page = Number(search.get('page'));
  return {
    q: (search.get('q') ?? '').slice(0, 200),
    sort: oneOf(VENDOR_LIST_SORTS, search.get('sort')) ?? 'createdAt',
    order: oneOf(VENDOR_LIST_ORDERS, search.get('order')),
    grade: oneOf(VENDOR_GRADE_FILTERS, search.get('grade')),
    label: oneOf(VENDOR_LABEL_FILTERS, search.get('label')),
    crawlState: oneOf(VENDOR_CRAWL_STATE_FILTERS, search.get('crawlState')),
    tier: oneOf(VENDOR_TIER_FILTERS, search.get('tier')),
    reviewStatus: oneOf(REVIEW_STATUSES, search.get('reviewStatus')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** `/vendors?…` for a view: the dashboard's counts link to the list filtered this way. */
export function vendorListSearch(view: Partial<VendorListView>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(view)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1) || (key === 'sort' && value === 'createdAt'))
      continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The list's view from the URL, and a setter that writes it back (a new search or filter starts at page 1). */
export function useVendorListView() {
  const [search, setSearch] = useSearchParams();
  const view = useMemo(() => viewFromSearch(search), [search]);
  const setView = useCallback(
    (changes: Partial<VendorListView>) => {
      const next = { ...view, ...changes, page: changes.page ?? 1 };
      setSearch(new URLSearchParams(vendorListSearch(next)), { replace: true });
    },
    [view, setSearch],
  );
  return { view, setView };
}

/** Whether the view narrows the list (a search or any filter). */
export const isFiltered = (view: VendorListView) =>
  Boolean(view.q || view.grade || view.label || view.crawlState || view.tier || view.reviewStatus);
