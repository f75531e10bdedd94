/**
 * Where the server reads the time for every rule about hours, windows and business days (DESIGN §11):
 * `buildApp({ clock })` takes one, tests pass a `ManualClock` (server/test/helpers/manual-clock.ts).
 * Timers still run on real time; a module that waits for a moment asks the clock how far away it is.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
