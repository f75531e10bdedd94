/** API paths, relative to the API base `/api` (spec §7). */
export const API_BASE = '/api';

export const apiPaths = {
  restaurant: (shortName: string) => `/restaurant/one/${encodeURIComponent(shortName)}`,
  menu: (shortName: string) => `/menu/current/${encodeURIComponent(shortName)}`,
  sessionUuid: () => '/order/uuid',
  ratings: () => '/menu-item-ratings',
  myRatings: (shortName: string) => `/menu-item-ratings/${encodeURIComponent(shortName)}`,
  health: () => '/health',
  ready: () => '/ready',
} as const;
