import { WS_CLOSE } from '@tablo/contract/events';
import {
  MAX_STAFF_SOCKETS_PER_SESSION,
  parseStaffSince,
  STAFF_SESSION_COOKIE,
  staffCan,
} from '@tablo/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isSameOrigin } from '../../lib/same-origin.ts';
import { CLOSE_SERVER_ERROR, type LiveChannel, loggable } from '../live/channel.ts';
import { SocketQuota } from '../live/hub.ts';
import { tableIdsOf } from './board.ts';
import { authenticate } from './service.ts';
import { StaffHub } from './staff-hub.ts';
import { readStaffReplay } from './staff-replay.ts';
import { StaffConnection, StaffEncoder } from './staff-socket.ts';

export interface StaffLiveRoutesOptions {
  database: Database;
  channel: LiveChannel;
  /** PUBLIC_URL: its origin is accepted besides the request's own Host. */
  publicUrl: string;
  /** How often every board's session is re-checked (expiry, a lost notification); default 60 s. */
  sessionRecheckMs?: number;
}

export const STAFF_LIVE_TEXTS = {
  foreignOrigin: 'The staff live channel accepts connections from the console’s own site only',
} as const;

/**
 * `GET /api/staff/ws?since=<formatStaffSince>` — the board's live channel (docs/decisions/016). Under
 * /api/staff so that the staff cookie (Path=/api/staff) comes along. A foreign Origin is refused before
 * the upgrade (403): the cookie would otherwise let any site read the board. Everything else is a close
 * code the console can read: 4401 no or ended session, 4403 role without viewOrders, 4400 bad `since`,
 * 4429 too many sockets for the session. Register with the prefix `/api`, after setupLiveChannel.
 */
export const staffLiveRoutes: FastifyPluginAsyncZod<StaffLiveRoutesOptions> = async (app, options) => {
  const { database, channel } = options;
  const { hub, relay } = channel;
  const encoder = new StaffEncoder();
  const quota = new SocketQuota(MAX_STAFF_SOCKETS_PER_SESSION);
  const staffHub = new StaffHub(database, encoder, app.log, options.sessionRecheckMs ?? 60_000);
  await staffHub.start();
  app.addHook('onClose', () => staffHub.stop());

  app.get(
    '/staff/ws',
    {
      websocket: true,
      preValidation: async (request) => {
        // Browsers always send an Origin on a websocket; one without it is not the console either.
        if (!isSameOrigin(request, options.publicUrl))
          throw new HttpError(403, STAFF_LIVE_TEXTS.foreignOrigin);
      },
    },
    (socket, request) => {
      let connection: StaffConnection | null = null;
      let reserved: string | null = null;
      let gone = false;

      socket.on('close', () => {
        gone = true;
        if (reserved !== null) quota.release(reserved);
        if (!connection) return;
        connection.closed();
        staffHub.remove(connection);
        for (const tableId of connection.tableIds) {
          hub.remove(tableId, connection);
          relay.release(tableId);
        }
      });

      async function open(): Promise<void> {
        const staff = await authenticate(database, request.cookies[STAFF_SESSION_COOKIE]);
        if (gone) return;
        if (!staff) {
          socket.close(WS_CLOSE.unauthorized, 'please log in');
          return;
        }
        if (!staffCan(staff.role, 'viewOrders')) {
          socket.close(WS_CLOSE.forbidden, 'your role does not show the board');
          return;
        }
        const rawSince = (request.query as { since?: unknown }).since;
        const since =
          typeof rawSince === 'string' ? parseStaffSince(rawSince) : rawSince === undefined ? [] : null;
        if (since === null) {
          socket.close(WS_CLOSE.badRequest, 'since must be <tableId>:<cursor> pairs joined by commas');
          return;
        }
        if (!quota.reserve(staff.tokenHash)) {
          socket.close(WS_CLOSE.tooManyConnections, 'too many connections for this session');
          return;
        }
        reserved = staff.tokenHash;
        const tableIds = await tableIdsOf(database.db, staff.restaurantId);
        if (gone) return;
        const owner = {
          staffUserId: staff.staffUserId,
          restaurantId: staff.restaurantId,
          tokenHash: staff.tokenHash,
        };
        const live = new StaffConnection(socket, owner, tableIds, encoder, request.log);
        connection = live;
        staffHub.add(live);
        // Subscribe before reading the log: what the read misses, the hub delivers (and vice versa).
        for (const tableId of tableIds) hub.add(tableId, live);
        await Promise.all(tableIds.map((tableId) => relay.track(tableId)));
        const replay = await readStaffReplay(database.db, staff.restaurantId, since);
        if (replay === 'ahead') {
          live.close(WS_CLOSE.badRequest, 'since is beyond the event log: reload the board');
          return;
        }
        live.start(replay);
      }

      open().catch((error: unknown) => {
        request.log.error({ err: loggable(error) }, 'staff socket could not start');
        if (!gone) socket.close(CLOSE_SERVER_ERROR, 'server error');
      });
    },
  );
};
