import type { AvailabilityType } from '@tablo/contract/menu';
import { OrderSchema, type OrderStatus } from '@tablo/contract/order';
import {
  CSRF_HEADER,
  ItemAvailabilitySchema,
  StaffBoardSchema,
  StaffMeSchema,
  StaffTablesSchema,
} from '@tablo/contract/staff';

/** The staff account global-setup creates with the CLI. */
export const STAFF = { shortName: 'demo', email: 'manager@paprika.example', password: 'e2e-staff-password' };

/**
 * The staff side of a journey, through the staff API as the staff console would call it (cookie session
 * + CSRF header). The staff screens themselves come with the staff console issue.
 */
export async function staffLogin(baseUrl: string, account: { email: string; password: string } = STAFF) {
  const login = await fetch(`${baseUrl}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!login.ok) throw new Error(`staff login: ${login.status} ${await login.text()}`);
  const me = StaffMeSchema.parse(await login.json());
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const headers = { cookie, [CSRF_HEADER]: me.csrfToken, 'content-type': 'application/json' };
  return {
    async board() {
      const response = await fetch(`${baseUrl}/api/staff/board`, { headers });
      return StaffBoardSchema.parse(await response.json());
    },
    async move(orderId: number, status: OrderStatus) {
      const response = await fetch(`${baseUrl}/api/staff/orders/${orderId}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ status }),
      });
      if (!response.ok)
        throw new Error(`move ${orderId} → ${status}: ${response.status} ${await response.text()}`);
      return OrderSchema.parse(await response.json());
    },
    async tables() {
      const response = await fetch(`${baseUrl}/api/staff/tables`, { headers });
      return StaffTablesSchema.parse(await response.json());
    },
    async acknowledgeCall(tableId: number, kind: 'WAITER' | 'BILL') {
      const response = await fetch(`${baseUrl}/api/staff/tables/${tableId}/calls/${kind}/acknowledge`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      if (!response.ok) throw new Error(`acknowledge ${kind} at ${tableId}: ${response.status}`);
    },
    async setAvailability(menuItemId: number, availabilityType: AvailabilityType) {
      const response = await fetch(`${baseUrl}/api/staff/menu-items/${menuItemId}/availability`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ availabilityType }),
      });
      if (!response.ok)
        throw new Error(`availability ${menuItemId}: ${response.status} ${await response.text()}`);
      return ItemAvailabilitySchema.parse(await response.json());
    },
  };
}
