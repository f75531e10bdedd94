import {
  type ItemAvailability,
  ItemAvailabilitySchema,
  StaffTableSchema,
  type StaffTables,
  StaffTablesSchema,
  staffPaths,
} from '@tablo/contract/staff';
import { queryOptions } from '@tanstack/react-query';
import { RequestError } from '../../../lib/request-error.ts';
import { staffRequest } from './staff-request.ts';

export const staffTablesQueryKey = ['staff', 'tables'] as const;

/** GET /api/staff/tables: every table with its open visit, unpaid amount and calls. */
export async function getStaffTables(signal?: AbortSignal): Promise<StaffTables> {
  const result = await staffRequest(staffPaths.tables(), { schema: StaffTablesSchema, signal });
  if (!result.ok) throw new RequestError(result.status, result.message);
  return result.data;
}

export function staffTablesQueryOptions() {
  return queryOptions({
    queryKey: staffTablesQueryKey,
    queryFn: ({ signal }) => getStaffTables(signal),
    staleTime: 30_000,
  });
}

/** PATCH /api/staff/tables/:id — enable or disable ordering at the table. */
export function setTableEnabled(tableId: number, isEnabled: boolean) {
  return staffRequest(staffPaths.table(tableId), {
    method: 'PATCH',
    body: { isEnabled },
    schema: StaffTableSchema,
  });
}

/** POST /api/staff/tables/:id/rotate-token — the old printed code stops working at once. */
export function rotateTableToken(tableId: number) {
  return staffRequest(staffPaths.rotateToken(tableId), { method: 'POST', schema: StaffTableSchema });
}

/** PUT /api/staff/menu-items/:id/availability. */
export function setItemAvailability(menuItemId: number, body: ItemAvailability) {
  return staffRequest(staffPaths.itemAvailability(menuItemId), {
    method: 'PUT',
    body,
    schema: ItemAvailabilitySchema,
  });
}
