import type { Database } from '../../db/database.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import type { App } from '../../lib/app-type.ts';
import type { Clock } from '../../lib/clock.ts';
import { announceBoundary } from './announce.ts';
import { MENU_BOUNDARIES_CHANNEL } from './channel.ts';
import { earliest, nextBoundaryAfter } from './offered.ts';
import { type BoundaryInputs, loadBoundaryInputs } from './repository.ts';

/** A real wait never exceeds this: a clock that jumped (a laptop asleep, a test's clock) is read again. */
const MAX_WAIT_MS = 5 * 60_000;
/** After a failed announcement (the database away), the next try. */
const RETRY_MS = 5_000;
/** On start, a boundary passed this recently is still announced (a restart across it; the notice dedupes). */
const START_LOOKBACK_MS = 60 * 60_000;

interface Due {
  shortName: string;
  at: Date;
  hasWindows: boolean;
}

interface Logger {
  warn(object: object, message: string): void;
}

/** The first boundary after `after`: a window opening or closing, or a "sold out for today" ending. */
export function nextBoundaryOf(inputs: BoundaryInputs, after: Date): Date | null {
  // A "today" that ended while nobody announced it (a restart, or another instance still announcing it) is
  // due at once, under its own instant: the notice row then dedupes it with whoever announces it too.
  return earliest([nextBoundaryAfter(inputs.windows, after, inputs.timeZone), ...inputs.soldOutEnds]);
}

/**
 * This instance's timer of menu boundaries (docs/decisions/075). It knows each restaurant's next boundary
 * (computed on start, and again whenever what decides it changes anywhere: windows saved, an item sold
 * out for today, the time zone changed — all NOTIFY the boundaries channel). At a boundary it drops this
 * instance's cached menu (so its own next answer is built after the boundary, whatever the others do) and
 * tries to announce it; one instance wins the notice and tells the open tables and the other instances.
 * It waits on real time, but reads the moment from the app's clock, so a test moves a `ManualClock` past a
 * boundary and calls `tick()`. Every step runs one after the other, so `tick()` also waits for a run the
 * real timer started.
 */
export class MenuBoundaryTimer {
  readonly #due = new Map<number, Due>();
  #queue: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly database: Database,
    private readonly cache: AnswerCache,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Reads every restaurant's next boundary, announcing any passed in the last hour (a restart). */
  start(): Promise<void> {
    return this.#enqueue(async () => {
      const from = new Date(this.clock.now().getTime() - START_LOOKBACK_MS);
      await this.#reload(undefined, from);
    });
  }

  /** A restaurant's menu changed (or, with null, anything may have): its next boundary is read again. */
  recompute(shortName: string | null): Promise<void> {
    return this.#enqueue(() => this.#reload(shortName ?? undefined, this.clock.now()));
  }

  /** Announces every boundary the clock has passed; resolves when done (tests call it after moving the clock). */
  tick(): Promise<void> {
    return this.#enqueue(() => this.#runDue());
  }

  /** The next boundary this instance waits for, of a restaurant (tests, diagnostics). */
  nextOf(restaurantId: number): Date | undefined {
    return this.#due.get(restaurantId)?.at;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#queue;
  }

  #enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(async () => {
      if (this.#closed) return;
      await step();
      this.#schedule();
    });
    this.#queue = run.catch((error: unknown) => {
      this.log.warn({ err: error }, 'menu boundary timer step failed');
      this.#schedule(RETRY_MS);
    });
    return run;
  }

  async #reload(shortName: string | undefined, after: Date): Promise<void> {
    const inputs = await loadBoundaryInputs(this.database.db, shortName);
    if (shortName !== undefined) {
      for (const [id, due] of this.#due) if (due.shortName === shortName) this.#due.delete(id);
    } else {
      this.#due.clear();
    }
    for (const [id, restaurant] of inputs) {
      const at = nextBoundaryOf(restaurant, after);
      if (at)
        this.#due.set(id, {
          shortName: restaurant.shortName,
          at,
          hasWindows: restaurant.windows.length > 0,
        });
    }
  }

  async #runDue(): Promise<void> {
    const now = this.clock.now();
    for (const [id, due] of [...this.#due]) {
      if (due.at.getTime() > now.getTime()) continue;
      this.cache.invalidate(due.shortName);
      await announceBoundary(this.database, { id, ...due }, due.at, now);
      await this.#reload(due.shortName, now);
    }
  }

  #schedule(retryMs?: number): void {
    clearTimeout(this.#timer);
    if (this.#closed) return;
    let wait = retryMs ?? MAX_WAIT_MS;
    if (retryMs === undefined) {
      const now = this.clock.now().getTime();
      for (const due of this.#due.values()) wait = Math.min(wait, Math.max(0, due.at.getTime() - now));
    }
    this.#timer = setTimeout(() => void this.tick().catch(() => {}), wait);
    this.#timer.unref();
  }
}

const timers = new WeakMap<object, MenuBoundaryTimer>();

/** The app's boundary timer (tests move their clock and call `tick()`). */
export function menuBoundaryTimerOf(app: object): MenuBoundaryTimer {
  const timer = timers.get(app);
  if (!timer) throw new Error('this app has no menu boundary timer');
  return timer;
}

/**
 * Starts the app's timer, keeps it current with the boundaries channel (any instance's change of a
 * restaurant's windows, "today" marks or time zone), and stops it before the database closes.
 */
export async function setupMenuBoundaryTimer(
  app: App,
  options: { database: Database; cache: AnswerCache; clock: Clock },
): Promise<MenuBoundaryTimer> {
  const { database, cache, clock } = options;
  const timer = new MenuBoundaryTimer(database, cache, clock, app.log);
  const unsubscribe = await database.listen(MENU_BOUNDARIES_CHANNEL, (shortName) => {
    void timer.recompute(shortName).catch(() => {});
  });
  app.addHook('preClose', async () => {
    await unsubscribe().catch((error: unknown) => app.log.warn({ err: error }, 'unlisten failed'));
    await timer.close();
  });
  timers.set(app, timer);
  // A database away at start is retried by the timer itself; the app starts anyway.
  await timer.start().catch(() => {});
  return timer;
}
