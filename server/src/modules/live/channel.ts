import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/database.ts';
import { Hub } from './hub.ts';
import { Relay } from './relay.ts';

/**
 * What every websocket of the app shares on one instance (docs/decisions/010 and 016): @fastify/websocket
 * (registered once, on the root app: it listens for the server's upgrades), the hub of subscribers by
 * table, the relay that reads the event log on NOTIFY, and one heartbeat for all sockets.
 */
export interface LiveChannel {
  readonly hub: Hub;
  readonly relay: Relay;
}

export interface LiveChannelOptions {
  database: Database;
  /** Ping interval; a socket that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
}

const DEFAULT_HEARTBEAT_MS = 25_000;
/** Clients send nothing meaningful: frames are tiny, and a chatty client is cut off. */
const MAX_INCOMING_FRAME_BYTES = 1024;
const MAX_INCOMING_MESSAGES_PER_HEARTBEAT = 20;
/** Standard close codes (RFC 6455). */
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_SERVER_ERROR = 1011;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Errors may quote query parameters (session ids): logged with those masked, and without a stack. */
export function loggable(error: unknown): { type: string; message: string } {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  return { type: name, message: message.replace(UUID, '<uuid>') };
}

/** Call once on the root app, before the modules that declare websocket routes. */
export async function setupLiveChannel(
  app: FastifyInstance,
  options: LiveChannelOptions,
): Promise<LiveChannel> {
  const hub = new Hub();
  const relay = new Relay(options.database, hub, app.log);
  const alive = new WeakMap<WebSocket, boolean>();
  const incoming = new WeakMap<WebSocket, number>();

  await app.register(websocket, {
    options: { maxPayload: MAX_INCOMING_FRAME_BYTES },
    errorHandler(error, socket, request) {
      request.log.warn({ err: loggable(error) }, 'live socket error');
      socket.terminate();
    },
    // Every client is told to reconnect (to another instance), then the server stops taking upgrades.
    preClose(done) {
      for (const client of this.websocketServer.clients)
        client.close(CLOSE_GOING_AWAY, 'server shutting down');
      this.websocketServer.close();
      done();
    },
  });
  app.websocketServer.on('connection', (socket: WebSocket) => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('message', () => {
      const count = (incoming.get(socket) ?? 0) + 1;
      incoming.set(socket, count);
      if (count > MAX_INCOMING_MESSAGES_PER_HEARTBEAT)
        socket.close(CLOSE_POLICY_VIOLATION, 'clients send nothing');
    });
  });

  await relay.start();
  const beat = () => {
    for (const socket of app.websocketServer.clients) {
      incoming.delete(socket);
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  };
  // Judged in the check phase, after this loop turn's I/O: a timer that fires late because the loop was
  // busy (PGlite runs on it) must not drop a socket whose pong is already waiting to be read.
  const heartbeat = setInterval(() => setImmediate(beat), options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await relay.stop();
  });
  return { hub, relay };
}
