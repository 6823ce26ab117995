import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortfolioQueryInput, PortfolioThirdParties } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

const search = (query: PortfolioQueryInput) =>
  new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1])).toString();

/** `GET /api/portfolio/third-parties`: third-party concentration across the workspace's vendors, filtered. */
export const getPortfolio = ({ query, signal }: { query: PortfolioQueryInput; signal?: AbortSignal }) =>
  api.get<PortfolioThirdParties>(`/api/portfolio/third-parties?${search(query)}`, { signal });

export const getPortfolioQueryOptions = (query: PortfolioQueryInput) =>
  queryOptions({ queryKey: ['portfolio', query], queryFn: ({ signal }) => getPortfolio({ query, signal }) });

export const usePortfolio = (query: PortfolioQueryInput) => useQuery(getPortfolioQueryOptions(query));

/** The same filters' CSV (`portfolio-third-parties-{timestamp}.csv`). */
export const portfolioExportPath = (query: PortfolioQueryInput) => `/api/portfolio/third-parties/export?${search(query)}`;
