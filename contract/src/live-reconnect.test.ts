import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, reconnectSchedule } from './live-reconnect.ts';

describe('the live clients’ reconnect schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('backs off exponentially with jitter, capped at 5 s so a restarted instance is found again soon', () => {
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(0, () => 1)).toBe(500);
    expect(backoffDelay(3, () => 1)).toBe(4000);
    expect(backoffDelay(4, () => 1)).toBe(5000);
    expect(backoffDelay(20, () => 1)).toBe(5000);
    expect(backoffDelay(20, () => 0)).toBe(2500);
  });

  it('opens again after each wait, doubling until `ready` arrives, then quickly again', () => {
    const open = vi.fn();
    const schedule = reconnectSchedule(open, () => 1);
    const waits = [1, 2, 3, 4, 5].map(() => {
      const wait = schedule.retry({ tooManyConnections: false });
      vi.advanceTimersByTime(wait - 1);
      const before = open.mock.calls.length;
      vi.advanceTimersByTime(1);
      expect(open.mock.calls.length).toBe(before + 1);
      return wait;
    });
    expect(waits).toEqual([500, 1000, 2000, 4000, 5000]);
    schedule.caughtUp();
    expect(schedule.retry({ tooManyConnections: false })).toBe(500);
  });

  it('waits 30 s after 4429 (too many sockets)', () => {
    const open = vi.fn();
    const schedule = reconnectSchedule(open, () => 1);
    expect(schedule.retry({ tooManyConnections: true })).toBe(30_000);
    vi.advanceTimersByTime(29_999);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('stop() cancels a waiting open and refuses later ones', () => {
    const open = vi.fn();
    const schedule = reconnectSchedule(open, () => 1);
    schedule.retry({ tooManyConnections: false });
    schedule.stop();
    expect(schedule.active).toBe(false);
    schedule.retry({ tooManyConnections: false });
    vi.advanceTimersByTime(60_000);
    expect(open).not.toHaveBeenCalled();
  });
});
