import { API_BASE } from '@tablo/contract/paths';
import {
  type AddTablesRequest,
  RestaurantSettingsSchema,
  SetupChecklistSchema,
  staffSetupPaths,
  type UpdateRestaurantSettingsRequest,
} from '@tablo/contract/restaurant-setup';
import { CSRF_HEADER, StaffTablesSchema } from '@tablo/contract/staff';
import { z } from 'zod';
import { type ApiResult, apiRequest, unknownErrorMessage } from '../../../lib/api-client.ts';

export const setupQueryKey = ['restaurant-setup'] as const;

/**
 * The set-up API (staff routes, OWNER and MANAGER): writes carry the signed-in member's CSRF token. The
 * picture goes as multipart/form-data with its own fetch: the shared api client (on every diner page)
 * stays JSON-only, so the menu page's script does not grow.
 */
export function createSetupApi(csrfToken: string) {
  const headers = { [CSRF_HEADER]: csrfToken };
  const write = <T>(path: string, method: 'POST' | 'PUT' | 'DELETE', body: unknown, schema: z.ZodType<T>) =>
    apiRequest(path, { method, body, schema, headers });
  return {
    settings: () => apiRequest(staffSetupPaths.settings(), { schema: RestaurantSettingsSchema, headers: {} }),
    checklist: () => apiRequest(staffSetupPaths.checklist(), { schema: SetupChecklistSchema, headers: {} }),
    tables: () => apiRequest(staffSetupPaths.tables(), { schema: StaffTablesSchema, headers: {} }),
    save: (settings: UpdateRestaurantSettingsRequest) =>
      write(staffSetupPaths.settings(), 'PUT', settings, RestaurantSettingsSchema),
    open: () => write(staffSetupPaths.open(), 'POST', {}, RestaurantSettingsSchema),
    qrCodesDone: (done: boolean) =>
      write(staffSetupPaths.qrCodesDone(), 'PUT', { done }, SetupChecklistSchema),
    addTables: (request: AddTablesRequest) =>
      write(staffSetupPaths.tables(), 'POST', request, StaffTablesSchema),
    removeTable: (tableId: number): Promise<ApiResult<null>> =>
      write(staffSetupPaths.table(tableId), 'DELETE', undefined, z.literal(null)),
    uploadPicture: async (file: File) => {
      const form = new FormData();
      form.append('picture', file);
      const response = await fetch(`${API_BASE}${staffSetupPaths.picture()}`, {
        method: 'PUT',
        body: form,
        headers: { Accept: 'application/json', ...headers },
        credentials: 'include',
        cache: 'no-store',
      }).catch(() => null);
      if (!response) return { ok: false as const, status: 0, message: unknownErrorMessage(0) };
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const message = (body as { message?: unknown } | null)?.message;
        return {
          ok: false as const,
          status: response.status,
          message: typeof message === 'string' ? message : unknownErrorMessage(response.status),
        };
      }
      const parsed = RestaurantSettingsSchema.safeParse(body);
      return parsed.success
        ? { ok: true as const, status: response.status, data: parsed.data }
        : { ok: false as const, status: response.status, message: unknownErrorMessage(response.status) };
    },
  };
}
export type SetupApi = ReturnType<typeof createSetupApi>;
