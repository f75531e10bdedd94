import type { Clock } from '../../src/lib/clock.ts';

/** A clock the test sets: `set('2026-03-29T01:59:59+01:00')`, `advance(1000)`. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start: Date | string) {
    this.#now = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  set(instant: Date | string): void {
    this.#now = new Date(instant).getTime();
  }

  advance(milliseconds: number): void {
    this.#now += milliseconds;
  }
}
