import { WS_CLOSE } from '@tablo/contract/events';
import { MAX_ROW_ID } from '@tablo/contract/ids';
import { SessionIdSchema } from '@tablo/contract/session';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isSameOrigin } from '../../lib/same-origin.ts';
import { findJoinedOpenVisit } from '../visits/joined-visit.ts';
import { CLOSE_SERVER_ERROR, type LiveChannel, loggable } from './channel.ts';
import { initialSync, LiveConnection, MessageEncoder } from './connection.ts';
import { SocketQuota } from './hub.ts';

export interface LiveRoutesOptions {
  database: Database;
  channel: LiveChannel;
  /** Sockets one diner session may hold on one instance (tabs, reconnects racing a dead socket). */
  maxSocketsPerSession?: number;
  /** PUBLIC_URL: its origin is accepted besides the request's own Host. */
  publicUrl?: string;
  /** Check every outgoing message against the contract (cheap; on by default). */
  validateMessages?: boolean;
}

const DEFAULT_MAX_SOCKETS_PER_SESSION = 5;

export const LIVE_TEXTS = {
  foreignOrigin: 'The live channel accepts connections from the app’s own site only',
} as const;

const cursorParam = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

const LiveQuerySchema = z.object({
  table_id: cursorParam.refine((id) => id > 0 && id <= MAX_ROW_ID),
  session_id: SessionIdSchema,
  since: cursorParam.optional(),
});

/**
 * `GET /api/ws?table_id=…&session_id=…&since=<cursor>` (DESIGN §6, docs/decisions/010-live-updates.md).
 * Register with the prefix `/api`, after setupLiveChannel. Parameters and authorisation are checked after
 * the upgrade so that the client sees a close code (a browser cannot read the status of a refused upgrade).
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, options) => {
  const { database, channel } = options;
  const { hub, relay } = channel;
  const quota = new SocketQuota(options.maxSocketsPerSession ?? DEFAULT_MAX_SOCKETS_PER_SESSION);
  const encoder = new MessageEncoder(options.validateMessages ?? true);

  // A page of another site must not open a table's socket with a session id it got hold of (issue 11 §9):
  // a foreign Origin is refused before the upgrade. A client without one (a script, not a browser) may
  // connect: its session id is its credential, as on every diner route.
  const preValidation = async (request: FastifyRequest) => {
    if (
      request.headers.origin !== undefined &&
      !isSameOrigin(request, options.publicUrl ?? 'http://localhost')
    )
      throw new HttpError(403, LIVE_TEXTS.foreignOrigin);
  };

  app.get('/ws', { websocket: true, preValidation }, (socket, request) => {
    const parsed = LiveQuerySchema.safeParse(request.query);
    if (!parsed.success) {
      socket.close(WS_CLOSE.badRequest, 'table_id and session_id are required; since must be a cursor');
      return;
    }
    const { table_id: tableId, session_id: sessionId, since } = parsed.data;
    if (!quota.reserve(sessionId)) {
      socket.close(WS_CLOSE.tooManyConnections, 'too many connections for this session');
      return;
    }
    let connection: LiveConnection | null = null;
    let gone = false;

    socket.on('close', () => {
      gone = true;
      quota.release(sessionId);
      if (!connection) return;
      connection.closed();
      hub.remove(tableId, connection);
      relay.release(tableId);
    });

    async function open(): Promise<void> {
      const visit = await findJoinedOpenVisit(database.db, sessionId, tableId);
      if (gone) return;
      if (visit === null) {
        socket.close(WS_CLOSE.forbidden, 'not joined to an open visit of this table');
        return;
      }
      const { visitId } = visit;
      const live = new LiveConnection(socket, sessionId, tableId, visitId, encoder, request.log);
      connection = live;
      // Subscribe before reading the log: what the read misses, the hub delivers (and vice versa).
      hub.add(tableId, live);
      await relay.track(tableId);
      const sync = await initialSync(database.db, { tableId, visitId, sessionId, since });
      live.start(sync);
    }

    open().catch((error: unknown) => {
      request.log.error({ err: loggable(error), tableId }, 'live socket could not start');
      if (!gone) socket.close(CLOSE_SERVER_ERROR, 'server error');
    });
  });
};
