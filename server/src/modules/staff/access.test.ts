import { TeamInvitationSchema } from '@tablo/contract/accounts';
import { OrderSchema } from '@tablo/contract/order';
import { PaymentSchema } from '@tablo/contract/payment';
import { STAFF_ROLES, type StaffPermission, type StaffRole, staffCan } from '@tablo/contract/staff';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOptionGroup, MILK } from '../../../test/helpers/choices.ts';
import {
  createOrderingApp,
  joinedSession,
  type OrderingContext,
  postOrder,
  tableToken,
} from '../../../test/helpers/ordering-kit.ts';
import {
  asStaff,
  type LoggedIn,
  logIn,
  staffOfEveryRole,
  TEST_STAFF_PASSWORD,
} from '../../../test/helpers/staff.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import type { Database } from '../../db/database.ts';
import {
  accountToken,
  diningTable,
  menuItem,
  menuOption,
  orders,
  payment,
  printer,
  printJob,
  refund,
  staffUser,
  tableCall,
  tableVisit,
} from '../../db/schema.ts';
import { createStaff } from './create-staff.ts';
import { STAFF_TEXTS } from './service.ts';
import { setStaffDisabled } from './staff-accounts.ts';
import { STAFF_AUTH_TEXTS, type StaffRouteEntry, staffRoutesOf } from './staff-auth.ts';

/**
 * Every route under /api/staff, as the built app registered it (staff-auth.ts records them), against
 * every kind of caller: nobody, each role, a write without the CSRF header, another restaurant's staff, a
 * disabled account. A route added later is walked too; one without a permission fails the first test.
 */

/** Real ids of the bistro for the path parameters, so that allowed calls reach their handlers. */
interface Ids {
  orderId: number;
  tableId: number;
  menuItemId: number;
  /** An option of the bistro's choices (issue 27). */
  optionId: number;
  paymentId: string;
  /** A waiter of the bistro (the team routes). */
  memberId: number;
  /** A pending invitation of the bistro. */
  invitationId: number;
  /** A printer of the bistro and a failed ticket of it (issue 28). */
  printerId: number;
  jobId: number;
}

/** Bodies that pass validation; any other write sends `{}` (bodyless staff POSTs send `{}`). */
const VALID_BODIES: Record<string, unknown> = {
  'PATCH /api/staff/orders/:orderId': { status: 'ACCEPTED' },
  'PATCH /api/staff/tables/:tableId': { isEnabled: true },
  'PUT /api/staff/menu-items/:menuItemId/availability': { availabilityType: 'AVAILABLE' },
  'POST /api/staff/printers': { name: 'Access', address: '127.0.0.1:9', categoryIds: [] },
  'PUT /api/staff/printers/:printerId': { name: 'Access', address: '127.0.0.1:9', categoryIds: [] },
  'PUT /api/staff/print-settings': { trigger: 'ACCEPTED' },
  'PUT /api/staff/menu-options/:optionId/availability': { availabilityType: 'AVAILABLE' },
  // The member is a waiter already: allowed callers change nothing, refused ones must not either.
  'PATCH /api/staff/team/members/:memberId': { role: 'WAITER' },
  'POST /api/staff/payments/:paymentId/refunds': { amount: 1, reason: 'Walked by the access test' },
  // Another restaurant's staff reach the handler and find no such category or item (decision 062).
  'PUT /api/staff/menu-editor/draft/categories/:ref': {
    baseVersion: 0,
    category: { translations: [{ isoCode: 'hu', title: 'Levesek' }] },
  },
  'PUT /api/staff/menu-editor/draft/categories/:ref/archive': { baseVersion: 0, archived: false },
  'PUT /api/staff/menu-editor/draft/items/:ref': {
    baseVersion: 0,
    item: { priceGross: 2490, vatKey: 'C', translations: [{ isoCode: 'hu', title: 'Gulyásleves' }] },
  },
  'PUT /api/staff/menu-editor/draft/items/:ref/archive': { baseVersion: 0, archived: false },
  // Issue 27: a group's save reaches the handler, which finds no such group in the caller's draft.
  'PUT /api/staff/menu-editor/draft/option-groups/:ref': {
    baseVersion: 0,
    group: {
      kind: 'SINGLE',
      minChoices: 0,
      maxChoices: 1,
      translations: [{ isoCode: 'hu', title: 'Szósz' }],
      options: [{ ref: 'one', translations: [{ isoCode: 'hu', title: 'Egy' }] }],
    },
  },
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The routes that must be there, with the permission the role table gives them (a route added
 * later is walked all the same, against the permission it declares).
 */
const KNOWN_ROUTES: Record<string, StaffPermission> = {
  'GET /api/staff/me': 'signedIn',
  'POST /api/staff/logout': 'signedIn',
  'GET /api/staff/board': 'viewOrders',
  'PATCH /api/staff/orders/:orderId': 'moveOrders',
  'POST /api/staff/tables/:tableId/close': 'closeTables',
  'GET /api/staff/tables': 'closeTables',
  'PATCH /api/staff/tables/:tableId': 'manageTables',
  'POST /api/staff/tables/:tableId/rotate-token': 'manageTables',
  'PUT /api/staff/menu-items/:menuItemId/availability': 'markSoldOut',
  'PUT /api/staff/menu-options/:optionId/availability': 'markSoldOut',
  'GET /api/staff/qr-sheet.pdf': 'manageTables',
  'GET /api/staff/tables/:tableId/qr.svg': 'manageTables',
  'POST /api/staff/payments/:paymentId/confirm': 'confirmPayments',
  'POST /api/staff/payments/:paymentId/cancel': 'confirmPayments',
  'GET /api/staff/team': 'manageStaff',
  'POST /api/staff/team/invitations': 'manageStaff',
  'DELETE /api/staff/team/invitations/:invitationId': 'manageStaff',
  'PATCH /api/staff/team/members/:memberId': 'manageStaff',
  'POST /api/staff/team/members/:memberId/password-reset': 'manageStaff',
  'POST /api/staff/account/confirmation': 'signedIn',
  'GET /api/staff/payments': 'refundPayments',
  'GET /api/staff/payments/:paymentId': 'refundPayments',
  'POST /api/staff/payments/:paymentId/refunds': 'refundPayments',
  'GET /api/staff/menu-editor/draft': 'editMenu',
  'DELETE /api/staff/menu-editor/draft': 'editMenu',
  'POST /api/staff/menu-editor/draft/categories': 'editMenu',
  'PUT /api/staff/menu-editor/draft/categories/:ref': 'editMenu',
  'PUT /api/staff/menu-editor/draft/categories/:ref/archive': 'editMenu',
  'POST /api/staff/menu-editor/draft/items': 'editMenu',
  'PUT /api/staff/menu-editor/draft/items/:ref': 'editMenu',
  'PUT /api/staff/menu-editor/draft/items/:ref/archive': 'editMenu',
  'POST /api/staff/menu-editor/draft/option-groups': 'editMenu',
  'PUT /api/staff/menu-editor/draft/option-groups/:ref': 'editMenu',
  'PUT /api/staff/menu-editor/draft/order': 'editMenu',
  'POST /api/staff/menu-editor/draft/import': 'editMenu',
  'GET /api/staff/menu-editor/draft/export': 'editMenu',
  'POST /api/staff/menu-editor/publish': 'editMenu',
  'GET /api/staff/menu-editor/versions': 'editMenu',
  'POST /api/staff/menu-editor/versions/:number/restore': 'editMenu',
  'POST /api/staff/menu-editor/draft/items/:ref/picture': 'editMenu',
  'GET /api/staff/menu-preview/:shortName': 'previewMenu',
};

/** Query strings a route requires (so that allowed calls get past validation to their handlers). */
const QUERIES: Record<string, string> = {
  'POST /api/staff/menu-editor/draft/items/:ref/picture': '?baseVersion=0',
};

const label = (route: StaffRouteEntry) => `${route.method} ${route.url}`;

function concreteUrl(route: StaffRouteEntry, ids: Ids): string {
  return concretePath(route, ids) + (QUERIES[label(route)] ?? '');
}

function concretePath(route: StaffRouteEntry, ids: Ids): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    switch (name) {
      case 'orderId':
        return String(ids.orderId);
      case 'tableId':
        return String(ids.tableId);
      case 'menuItemId':
        return String(ids.menuItemId);
      case 'optionId':
        return String(ids.optionId);
      case 'kind':
        return 'WAITER';
      case 'paymentId':
        return ids.paymentId;
      case 'memberId':
        return String(ids.memberId);
      case 'invitationId':
        return String(ids.invitationId);
      case 'printerId':
        return String(ids.printerId);
      case 'jobId':
        return String(ids.jobId);
      // The menu editor addresses the bistro's categories and items by ref (decision 062).
      case 'ref':
        return route.url.includes('/categories/') ? 'soups' : 'goulash';
      case 'number':
        return '1';
      case 'shortName':
        return 'bistro';
      default:
        throw new Error(`${label(route)}: no fixture for :${name} — add one to access.test.ts`);
    }
  });
}

/** A disabled printer of the restaurant (nothing is sent) with one failed ticket. */
async function printerFixture(database: Database, restaurantId: number) {
  const [row] = await database.db
    .insert(printer)
    .values({ restaurantId, name: 'Access', host: '127.0.0.1', port: 9, isEnabled: false })
    .returning({ id: printer.id });
  if (!row) throw new Error('no printer');
  const [job] = await database.db
    .insert(printJob)
    .values({
      restaurantId,
      printerId: row.id,
      kind: 'ORDER',
      state: 'FAILED',
      ticket: {
        restaurantName: '',
        stationName: '',
        orderId: null,
        tableNumber: null,
        orderedAt: '',
        madeAt: '',
        note: '',
        lines: [],
      },
    })
    .returning({ id: printJob.id });
  if (!job) throw new Error('no job');
  return { printerId: row.id, jobId: job.id };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe.each(testDatabaseKinds())('access to every staff route on %s', (kind) => {
  let ctx: OrderingContext;
  let routes: StaffRouteEntry[];
  let staff: Record<StaffRole, LoggedIn>;
  let outsider: LoggedIn;
  let disabled: LoggedIn;
  let ids: Ids;
  /** Strings only the bistro's answers contain: another restaurant's staff must never read them. */
  let secrets: string[];

  const call = (route: StaffRouteEntry, who: LoggedIn | null, options: { csrf?: boolean } = {}) => {
    const url = concreteUrl(route, ids);
    const body = WRITES.has(route.method) ? (VALID_BODIES[label(route)] ?? {}) : undefined;
    if (who === null) {
      return ctx.app.inject({
        method: route.method as Method,
        url,
        ...(body === undefined ? {} : { payload: body }),
      });
    }
    return asStaff(ctx.app, who, route.method as Method, url, body, options);
  };

  /** After a route that ended the session (log-out), the caller gets a fresh one. */
  const stayLoggedIn = async (who: LoggedIn): Promise<LoggedIn> => {
    const me = await asStaff(ctx.app, who, 'GET', '/api/staff/me');
    return me.statusCode === 401 ? logIn(ctx.app, who.email) : who;
  };

  /** Everything of the bistro a staff route could change. */
  const bistroState = async () => {
    const { db } = ctx.database;
    return Promise.all([
      db.select().from(orders).orderBy(asc(orders.id)),
      db.select().from(diningTable).orderBy(asc(diningTable.id)),
      db.select().from(menuItem).orderBy(asc(menuItem.id)),
      db.select().from(menuOption).orderBy(asc(menuOption.id)),
      db.select().from(tableVisit).orderBy(asc(tableVisit.id)),
      db.select().from(tableCall).orderBy(asc(tableCall.id)),
      db.select().from(staffUser).orderBy(asc(staffUser.id)),
      db.select().from(payment).orderBy(asc(payment.id)),
      db
        .select()
        .from(accountToken)
        .where(eq(accountToken.restaurantId, ctx.bistro.id))
        .orderBy(asc(accountToken.id)),
      db.select().from(refund).orderBy(asc(refund.id)),
    ]);
  };

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    routes = [...staffRoutesOf(ctx.app)];
    staff = await staffOfEveryRole(ctx.app, ctx.database, 'bistro');
    outsider = (await staffOfEveryRole(ctx.app, ctx.database, 'other')).OWNER;
    const tableId = ctx.bistro.tables[1] as number;
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const placed = await postOrder(ctx.app, 'key-access-1', {
      sessionId,
      tableId,
      note: 'bistro-only note',
      items: [{ menuItemId: ctx.bistro.items.goulash, quantity: 1 }],
    });
    const order = OrderSchema.parse(placed.json());
    // A pending cash payment of the accepted order, for the payment routes.
    await asStaff(ctx.app, staff.OWNER, 'PATCH', `/api/staff/orders/${order.id}`, { status: 'ACCEPTED' });
    const line = order.items[0];
    if (!line) throw new Error('the order has no line');
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { 'x-session-id': sessionId, 'idempotency-key': 'pay-access-1' },
      payload: {
        tableId,
        method: 'CASH',
        selection: { kind: 'items', items: [{ orderItemId: line.id, quantity: 1 }] },
        expectedAmount: line.lineTotal,
        lang: 'hu',
      },
    });
    if (paid.statusCode !== 201) throw new Error(`payment ${paid.statusCode} ${paid.body}`);
    const member = await createStaff(ctx.database, {
      shortName: 'bistro',
      email: 'member@bistro.test',
      role: 'WAITER',
      password: TEST_STAFF_PASSWORD,
    });
    const invited = await asStaff(ctx.app, staff.OWNER, 'POST', '/api/staff/team/invitations', {
      email: 'invited@bistro.test',
      role: 'WAITER',
      language: 'en',
    });
    if (invited.statusCode !== 201) throw new Error(`invitation ${invited.statusCode} ${invited.body}`);
    const milk = await insertOptionGroup(ctx.database.db, ctx.bistro.id, MILK, [
      ctx.bistro.items.goulash as number,
    ]);
    ids = {
      orderId: order.id,
      tableId,
      menuItemId: ctx.bistro.items.goulash as number,
      optionId: milk.options.oat as number,
      paymentId: PaymentSchema.parse(paid.json()).id,
      memberId: member.id,
      invitationId: TeamInvitationSchema.parse(invited.json()).id,
      ...(await printerFixture(ctx.database, ctx.bistro.id)),
    };
    secrets = ['bistro-only note', 'Gulyásleves'];
    for (const id of Object.values(ctx.bistro.tables)) secrets.push(await tableToken(ctx.database, id));
    await createStaff(ctx.database, {
      shortName: 'bistro',
      email: 'leaving@bistro.test',
      role: 'OWNER',
      password: TEST_STAFF_PASSWORD,
    });
    disabled = await logIn(ctx.app, 'leaving@bistro.test');
  }, 60_000);
  afterAll(() => ctx.close());

  it('finds every staff route; only the log-in and the socket (checked after the upgrade) declare no permission', () => {
    const declared = Object.fromEntries(routes.map((route) => [label(route), route.permission]));
    for (const [known, permission] of Object.entries(KNOWN_ROUTES)) {
      expect(declared[known], known).toBe(permission);
    }
    // The staff socket checks its cookie and role after the upgrade (close codes a browser can read),
    // so it declares no route permission; its refusals are tested in staff-live.test.ts.
    expect(routes.filter((route) => route.permission === null).map(label)).toEqual([
      'POST /api/staff/login',
      'GET /api/staff/ws',
    ]);
    expect(routes.filter((route) => route.websocket).map(label)).toEqual(['GET /api/staff/ws']);
  });

  /** The routes walked below: every route with a permission, except websockets. */
  const walked = () =>
    routes.filter((route) => {
      if (route.permission === null) return false;
      // A websocket can't be answered through inject: the staff socket's refusals (no cookie, foreign
      // Origin, disabled account, role) are tested with a real socket beside its code (modules/staff).
      return !route.websocket;
    });

  it('no session → 401, for every route', async () => {
    for (const route of walked()) {
      const response = await call(route, null);
      expect(response.statusCode, label(route)).toBe(401);
      expect(response.json().message, label(route)).toBe(STAFF_TEXTS.notLoggedIn);
    }
  });

  it('a write without the CSRF header → 403, changing nothing', async () => {
    for (const route of walked().filter((r) => WRITES.has(r.method))) {
      const before = await bistroState();
      const response = await call(route, staff.OWNER, { csrf: false });
      expect([response.statusCode, response.json().message], label(route)).toEqual([403, STAFF_TEXTS.csrf]);
      expect(await bistroState(), label(route)).toEqual(before);
    }
  });

  it('another restaurant’s staff → 403 or 404 on the bistro’s ids, changing and showing nothing', async () => {
    for (const route of walked()) {
      const before = await bistroState();
      const response = await call(route, outsider);
      if (route.url.includes(':')) {
        expect([403, 404], `${label(route)} answered ${response.statusCode}`).toContain(response.statusCode);
      }
      for (const secret of secrets) expect(response.body, label(route)).not.toContain(secret);
      expect(await bistroState(), label(route)).toEqual(before);
      outsider = await stayLoggedIn(outsider);
    }
  });

  it('a disabled account’s old cookie → 401', async () => {
    await setStaffDisabled(ctx.database, disabled.email, true);
    for (const route of walked()) {
      expect((await call(route, disabled)).statusCode, label(route)).toBe(401);
    }
  });

  it('each role: 403 exactly where staffCan says no, otherwise the handler answers', async () => {
    for (const route of walked()) {
      const permission = route.permission as NonNullable<StaffRouteEntry['permission']>;
      for (const role of STAFF_ROLES) {
        const response = await call(route, staff[role]);
        const where = `${label(route)} as ${role} answered ${response.statusCode} ${response.body}`;
        if (staffCan(role, permission)) {
          expect([401, 403], where).not.toContain(response.statusCode);
          expect(response.statusCode, where).toBeLessThan(500);
        } else {
          expect([response.statusCode, response.json().message], where).toEqual([
            403,
            STAFF_AUTH_TEXTS.forbidden,
          ]);
        }
        staff[role] = await stayLoggedIn(staff[role]);
      }
    }
  });
});
