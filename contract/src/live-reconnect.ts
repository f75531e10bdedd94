/**
 * How a live client reconnects (DESIGN §6): the one schedule of the diner's and the staff's live clients in
 * the web app and of the scale-out harness's node client, so the three cannot drift apart (decision 065).
 * No library does this small thing without bringing its own socket; it holds no socket and no zod.
 *
 * Backoff: 0.5 s doubling to 5 s, each wait jittered to 50–100 %, back to 0.5 s once the server's `ready`
 * arrives. The ceiling bounds how long a phone waits after its instance is back from a restart
 * (docs/decisions/034: every client converges within 10 s; with 30 s a restart of more than ~8 s left
 * phones stale for up to half a minute). After 4429 (too many sockets) the client waits 30 s.
 */
export const LIVE_BACKOFF_MIN_MS = 500;
export const LIVE_BACKOFF_MAX_MS = 5_000;
/** After 4429 (too many sockets for this session) the client waits this long before trying again. */
export const LIVE_TOO_MANY_WAIT_MS = 30_000;

/** Exponential backoff with jitter: attempt 0 → 250–500 ms, … capped at 2.5–5 s. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LIVE_BACKOFF_MAX_MS, LIVE_BACKOFF_MIN_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

export interface ReconnectSchedule {
  /** False once stopped: no further `open` will be called. */
  readonly active: boolean;
  /**
   * The socket closed and the client wants it back: calls `open` after the backoff (or the 30 s of a 4429),
   * and returns that wait.
   */
  retry(closed: { tooManyConnections: boolean }): number;
  /** The server's `ready` arrived: the next drop reconnects quickly again. */
  caughtUp(): void;
  /** No more reconnecting; a waiting `open` is cancelled. */
  stop(): void;
}

/** The schedule of one live client; `open` makes a new socket. */
export function reconnectSchedule(open: () => void, random: () => number = Math.random): ReconnectSchedule {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let active = true;
  return {
    get active() {
      return active;
    },
    retry({ tooManyConnections }) {
      if (!active) return 0;
      const wait = tooManyConnections ? LIVE_TOO_MANY_WAIT_MS : backoffDelay(attempt, random);
      attempt += 1;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        if (active) open();
      }, wait);
      return wait;
    },
    caughtUp() {
      attempt = 0;
    },
    stop() {
      active = false;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
