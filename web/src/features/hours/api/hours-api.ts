import { hoursPaths, OpeningHoursSchema, type UpdateOpeningHoursRequest } from '@tablo/contract/hours';
import { CSRF_HEADER } from '@tablo/contract/staff';
import { apiRequest } from '../../../lib/api-client.ts';

export const hoursQueryKey = ['opening-hours'] as const;

/** The opening hours' API (issue 28, `manageHours`): the save carries the signed-in member's CSRF token. */
export function createHoursApi(csrfToken: string) {
  return {
    load: () => apiRequest(hoursPaths.staffHours(), { schema: OpeningHoursSchema, headers: {} }),
    save: (change: UpdateOpeningHoursRequest) =>
      apiRequest(hoursPaths.staffHours(), {
        method: 'PUT',
        body: change,
        schema: OpeningHoursSchema,
        headers: { [CSRF_HEADER]: csrfToken },
      }),
  };
}
