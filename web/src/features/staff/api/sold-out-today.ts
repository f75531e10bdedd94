import {
  ItemAvailabilityAnswerSchema,
  menuWindowsPaths,
  type SetItemAvailabilityRequest,
  type SoldOutTodayResponse,
  SoldOutTodayResponseSchema,
} from '@tablo/contract/menu-windows';
import { staffPaths } from '@tablo/contract/staff';
import { queryOptions } from '@tanstack/react-query';
import { RequestError } from '../../../lib/request-error.ts';
import { staffRequest } from './staff-request.ts';

export const soldOutTodayQueryKey = ['staff', 'sold-out-today'] as const;

/** GET /api/staff/menu-items/sold-out-today (issue 28): the dishes sold out for today, and when each is back. */
export async function getSoldOutToday(signal?: AbortSignal): Promise<SoldOutTodayResponse> {
  const result = await staffRequest(menuWindowsPaths.soldOutToday(), {
    schema: SoldOutTodayResponseSchema,
    signal,
  });
  if (!result.ok) throw new RequestError(result.status, result.message);
  return result.data;
}

export function soldOutTodayQueryOptions() {
  return queryOptions({
    queryKey: soldOutTodayQueryKey,
    queryFn: ({ signal }) => getSoldOutToday(signal),
    staleTime: 30_000,
  });
}

/**
 * PUT /api/staff/menu-items/:id/availability with how long (issue 28): `soldOutFor: 'TODAY'` until the
 * end of the business day, `UNTIL_CHANGED` until someone marks it available.
 */
export function setItemSoldOut(menuItemId: number, body: SetItemAvailabilityRequest) {
  return staffRequest(staffPaths.itemAvailability(menuItemId), {
    method: 'PUT',
    body,
    schema: ItemAvailabilityAnswerSchema,
  });
}
