import type { AvailabilityType } from '@tablo/contract/menu';
import { MenuOptionSchema, menuOptionPaths } from '@tablo/contract/menu-options';
import { staffRequest } from './staff-request.ts';

/** The answer is read for the option's availability only (whatever else the server adds to it). */
const OptionAvailabilityAnswerSchema = MenuOptionSchema.pick({ availabilityType: true });

/** PUT /api/staff/menu-options/:optionId/availability (issue 27: an option sold out, like a dish). */
export function setOptionAvailability(optionId: number, availabilityType: AvailabilityType) {
  return staffRequest(menuOptionPaths.availability(optionId), {
    method: 'PUT',
    body: { availabilityType },
    schema: OptionAvailabilityAnswerSchema,
  });
}
