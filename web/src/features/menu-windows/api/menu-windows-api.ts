import {
  MenuWindowsResponseSchema,
  menuWindowsPaths,
  type SaveMenuWindowsRequest,
} from '@tablo/contract/menu-windows';
import { CSRF_HEADER } from '@tablo/contract/staff';
import { apiRequest } from '../../../lib/api-client.ts';

export const menuWindowsQueryKey = ['menu-windows'] as const;

/** The menu windows API (staff, `manageHours`): the save carries the signed-in member's CSRF token. */
export function createMenuWindowsApi(csrfToken: string) {
  return {
    read: () => apiRequest(menuWindowsPaths.windows(), { schema: MenuWindowsResponseSchema, headers: {} }),
    save: (request: SaveMenuWindowsRequest) =>
      apiRequest(menuWindowsPaths.windows(), {
        method: 'PUT',
        body: request,
        schema: MenuWindowsResponseSchema,
        headers: { [CSRF_HEADER]: csrfToken },
      }),
  };
}
export type MenuWindowsApi = ReturnType<typeof createMenuWindowsApi>;
