import websocket from '@fastify/websocket';
import { WS_CLOSE } from '@tablo/contract/events';
import { SessionIdSchema } from '@tablo/contract/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { findJoinedOpenVisit } from '../table-sessions/index.ts';
import { initialSync, LiveConnection, MessageEncoder } from './connection.ts';
import { Hub } from './hub.ts';
import { Relay } from './relay.ts';

export interface LiveRoutesOptions {
  database: Database;
  /** Ping interval; a socket that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
  /** Sockets one diner session may hold on one instance (tabs, reconnects racing a dead socket). */
  maxSocketsPerSession?: number;
  /** Check every outgoing message against the contract (cheap; on by default). */
  validateMessages?: boolean;
}

const DEFAULT_HEARTBEAT_MS = 25_000;
const DEFAULT_MAX_SOCKETS_PER_SESSION = 5;
/** Clients send nothing meaningful: frames are tiny, and a chatty client is cut off. */
const MAX_INCOMING_FRAME_BYTES = 1024;
const MAX_INCOMING_MESSAGES_PER_HEARTBEAT = 20;
/** Standard close codes (RFC 6455). */
const CLOSE_GOING_AWAY = 1001;
const CLOSE_POLICY_VIOLATION = 1008;
const CLOSE_SERVER_ERROR = 1011;

const cursorParam = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Errors may quote query parameters (session ids): logged with those masked, and without a stack. */
function loggable(error: unknown): { type: string; message: string } {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  return { type: name, message: message.replace(UUID, '<uuid>') };
}

const LiveQuerySchema = z.object({
  table_id: cursorParam.refine((id) => id > 0),
  session_id: SessionIdSchema,
  since: cursorParam.optional(),
});

/**
 * `GET /api/ws?table_id=…&session_id=…&since=<cursor>` (DESIGN §6, docs/decisions/010-live-updates.md).
 * Register with the prefix `/api`. Parameters and authorisation are checked after the upgrade so that the
 * client sees a close code (a browser cannot read the status of a refused upgrade).
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, options) => {
  const { database } = options;
  const hub = new Hub(options.maxSocketsPerSession ?? DEFAULT_MAX_SOCKETS_PER_SESSION);
  const relay = new Relay(database, hub, app.log);
  const encoder = new MessageEncoder(options.validateMessages ?? true);
  const connections = new Set<LiveConnection>();
  const incoming = new WeakMap<object, number>();

  // Before @fastify/websocket's own preClose: tell every client to reconnect (to another instance).
  app.addHook('preClose', async () => {
    for (const connection of connections) connection.close(CLOSE_GOING_AWAY, 'server shutting down');
  });
  await app.register(websocket, {
    options: { maxPayload: MAX_INCOMING_FRAME_BYTES },
    errorHandler(error, socket, request) {
      request.log.warn({ err: loggable(error) }, 'live socket error');
      socket.terminate();
    },
  });

  await relay.start();
  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      incoming.delete(connection.socket);
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await relay.stop();
  });

  app.get('/ws', { websocket: true }, (socket, request) => {
    const parsed = LiveQuerySchema.safeParse(request.query);
    if (!parsed.success) {
      socket.close(WS_CLOSE.badRequest, 'table_id and session_id are required; since must be a cursor');
      return;
    }
    const { table_id: tableId, session_id: sessionId, since } = parsed.data;
    if (!hub.reserve(sessionId)) {
      socket.close(WS_CLOSE.tooManyConnections, 'too many connections for this session');
      return;
    }
    let connection: LiveConnection | null = null;
    let gone = false;

    socket.on('close', () => {
      gone = true;
      hub.release(sessionId);
      if (!connection) return;
      connection.closed();
      connections.delete(connection);
      hub.remove(tableId, connection);
      relay.release(tableId);
    });
    socket.on('pong', () => {
      if (connection) connection.alive = true;
    });
    socket.on('message', () => {
      const count = (incoming.get(socket) ?? 0) + 1;
      incoming.set(socket, count);
      if (count > MAX_INCOMING_MESSAGES_PER_HEARTBEAT)
        socket.close(CLOSE_POLICY_VIOLATION, 'clients send nothing');
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
      connections.add(live);
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
