import cookie from '@fastify/cookie';
import { CSRF_HEADER, STAFF_SESSION_COOKIE, type StaffPermission, staffCan } from '@tablo/contract/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { authenticate, csrfMatches, STAFF_TEXTS, type StaffContext } from './service.ts';

/**
 * Who may call a staff route is declared on the route itself — `config: { staffPermission: '…' }` — and
 * enforced here for every route of every module that declares one: the session cookie (401), the CSRF
 * header on every write (403), the role's permission (403). A route's scope to the staff member's own
 * restaurant stays the service's job (another restaurant's ids answer 404).
 */
declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffContext | null;
  }
  interface FastifyContextConfig {
    staffPermission?: StaffPermission;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A route under /api/staff as registered: what the access test walks (access.test.ts). */
export interface StaffRouteEntry {
  method: string;
  url: string;
  /** null: the route checks nobody (only the log-in may). */
  permission: StaffPermission | null;
  /** A websocket route (its refusals are tested with the socket). */
  websocket: boolean;
}

const staffRouteLists = new WeakMap<FastifyInstance, StaffRouteEntry[]>();

/** Every route under /api/staff of an app built with setupStaffAuth (HEAD routes mirror their GET). */
export function staffRoutesOf(app: FastifyInstance): readonly StaffRouteEntry[] {
  return staffRouteLists.get(app) ?? [];
}

export const STAFF_AUTH_TEXTS = {
  forbidden: 'Your role does not allow this',
} as const;

/** The logged-in staff member of a route that declares a `staffPermission`. */
export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new HttpError(401, STAFF_TEXTS.notLoggedIn);
  return request.staff;
}

/** Register once on the root app, before any module with staff routes. */
export async function setupStaffAuth(app: FastifyInstance, database: Database): Promise<void> {
  if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  app.decorateRequest('staff', null);
  const registered: StaffRouteEntry[] = [];
  staffRouteLists.set(app, registered);
  app.addHook('onRoute', (route) => {
    const permission = route.config?.staffPermission;
    if (route.url.startsWith('/api/staff')) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        registered.push({
          method,
          url: route.url,
          permission: permission ?? null,
          websocket: (route as { websocket?: boolean }).websocket === true,
        });
      }
    }
    if (!permission) return;
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      request.staff = await authenticate(database, request.cookies[STAFF_SESSION_COOKIE]);
      const staff = staffOf(request);
      if (MUTATING.has(request.method)) {
        const header = request.headers[CSRF_HEADER];
        if (!csrfMatches(Array.isArray(header) ? header[0] : header, staff.csrfToken)) {
          throw new HttpError(403, STAFF_TEXTS.csrf);
        }
      }
      if (!staffCan(staff.role, permission)) throw new HttpError(403, STAFF_AUTH_TEXTS.forbidden);
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : guard;
  });
}
