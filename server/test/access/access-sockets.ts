import { WS_CLOSE } from '@tablo/contract/events';
import { STAFF_ROLES } from '@tablo/contract/staff';
import WebSocket from 'ws';
import { ACTORS, type Actor, credentials, isStaff, NOTES, orderAt, type World } from './access-world.ts';

/**
 * The websocket part of the access matrix: the diner socket of table A and the staff board's socket, opened
 * by every kind of caller, from the app's own origin and from a foreign one.
 */

/** `ready`: admitted (its sync arrived); a number: closed with that code; `refused N`: upgrade refused with HTTP N. */
export type SocketOutcome = 'ready' | number | `refused ${number}`;

export interface SocketCase {
  channel: 'diner' | 'staff';
  actor: Actor;
  origin: 'own' | 'foreign';
  expect: SocketOutcome;
}

const FOREIGN_ORIGIN = 'https://evil.example';

function dinerOutcome(actor: Actor): SocketOutcome {
  if (actor === 'same' || actor === 'sameTable') return 'ready';
  // No session id in the query (staff send none): a bad request; any other session: not joined to table A.
  if (actor === 'none' || isStaff(actor)) return WS_CLOSE.badRequest;
  return WS_CLOSE.forbidden;
}

export const SOCKET_CASES: SocketCase[] = [
  ...ACTORS.map(
    (actor): SocketCase => ({ channel: 'diner', actor, origin: 'own', expect: dinerOutcome(actor) }),
  ),
  // Every role may see the board (viewOrders); the outsider sees its own restaurant's.
  ...ACTORS.map(
    (actor): SocketCase => ({
      channel: 'staff',
      actor,
      origin: 'own',
      expect: isStaff(actor) ? 'ready' : WS_CLOSE.unauthorized,
    }),
  ),
  { channel: 'diner', actor: 'same', origin: 'foreign', expect: 'refused 403' },
  { channel: 'diner', actor: 'forged', origin: 'foreign', expect: 'refused 403' },
  ...STAFF_ROLES.map(
    (actor): SocketCase => ({ channel: 'staff', actor, origin: 'foreign', expect: 'refused 403' }),
  ),
];

export interface OpenSocket {
  /** Resolves once the socket is admitted, closed or refused. */
  outcome: Promise<SocketOutcome>;
  outcomeNow(): SocketOutcome | null;
  /** Admitted sockets of table A and of the bistro's board must see an order placed at table A live. */
  mustSeeLiveOrder: boolean;
  untilSeen(text: string): Promise<void>;
  /** Every message received, as sent. */
  text(): string;
  close(): Promise<void>;
}

export function openSocket(world: World, httpBase: string, c: SocketCase): OpenSocket {
  const { headers, sessionId } = credentials(world, c.actor);
  const wsBase = httpBase.replace(/^http/, 'ws');
  const url =
    c.channel === 'diner'
      ? `${wsBase}/api/ws?table_id=${world.tables.A}${sessionId ? `&session_id=${sessionId}` : ''}`
      : `${wsBase}/api/staff/ws`;
  const socket = new WebSocket(url, { headers, origin: c.origin === 'own' ? httpBase : FOREIGN_ORIGIN });
  const received: string[] = [];
  let settled: SocketOutcome | null = null;
  let wake: () => void = () => {};
  const outcome = new Promise<SocketOutcome>((resolve) => {
    const settle = (value: SocketOutcome) => {
      settled ??= value;
      resolve(settled);
    };
    socket.on('message', (data) => {
      received.push(String(data));
      if ((JSON.parse(String(data)) as { type?: string }).type === 'ready') settle('ready');
      wake();
    });
    socket.on('close', (code) => settle(code));
    socket.on('unexpected-response', (_request, response) => {
      settle(`refused ${response.statusCode ?? 0}`);
      socket.terminate();
    });
    socket.on('error', () => {});
  });
  return {
    outcome,
    outcomeNow: () => settled,
    mustSeeLiveOrder:
      c.origin === 'own' &&
      (c.actor === 'same' || c.actor === 'sameTable' || (STAFF_ROLES as readonly Actor[]).includes(c.actor)),
    async untilSeen(text) {
      const deadline = Date.now() + 10_000;
      while (!received.some((message) => message.includes(text))) {
        if (Date.now() > deadline) throw new Error(`${c.channel} socket of ${c.actor} never saw ${text}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 200);
        });
      }
    },
    text: () => received.join('\n'),
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.on('close', () => resolve());
        socket.close();
      }),
  };
}

/** A live order of `same` at table A, with table A's note. */
export async function placeOrderAt(world: World): Promise<void> {
  await orderAt(
    world.app,
    world.sessions.same,
    world.tables.A,
    world.bistro.items.goulash as number,
    NOTES.A,
  );
}
