import type { WallClock } from './hours-rule.ts';

/**
 * A `WallClock` from the browser's own Intl (decision 074): the diner's page computes its ordering notice
 * without a time-zone library. Agrees with server/src/lib/zoned-time.ts, daylight-saving nights included
 * (server/src/modules/hours/hours-rule.test.ts compares them).
 */
export function intlWallClock(timeZone: string): WallClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
  });
  const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

  function parts(instant: Date) {
    const p: Record<string, string> = {};
    for (const part of format.formatToParts(instant)) p[part.type] = part.value;
    return p;
  }

  /** Minutes the zone's wall clock is ahead of UTC at `instant`. */
  function offsetAt(instant: Date): number {
    const p = parts(instant);
    const wall = Date.UTC(
      +(p.year ?? 0),
      +(p.month ?? 1) - 1,
      +(p.day ?? 1),
      +(p.hour ?? 0),
      +(p.minute ?? 0),
    );
    return Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
  }

  function wallTimeAt(instant: Date) {
    const p = parts(instant);
    return {
      date: `${p.year}-${p.month}-${p.day}`,
      weekday: WEEKDAYS.indexOf(p.weekday ?? '') + 1,
      minuteOfDay: +(p.hour ?? 0) * 60 + +(p.minute ?? 0),
    };
  }

  return {
    wallTimeAt,
    instantAt(date, minuteOfDay) {
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const asUtc = Date.UTC(year, month - 1, day, 0, minuteOfDay);
      // The offset before and after the wall time: equal on an ordinary day. Where they differ the wall time
      // is skipped (spring: the moment after the jump) or shown twice (autumn: its first showing).
      const before = offsetAt(new Date(asUtc - 26 * 3_600_000));
      const after = offsetAt(new Date(asUtc + 26 * 3_600_000));
      const first = asUtc - before * 60_000;
      // Ordinary, the first of two showings (autumn), or a time still before a spring jump.
      if (before === after || wallTimeAt(new Date(first)).minuteOfDay === minuteOfDay) return new Date(first);
      const second = asUtc - after * 60_000;
      if (wallTimeAt(new Date(second)).minuteOfDay === minuteOfDay) return new Date(second);
      // Skipped by the spring change: the moment the clock jumps (the wall shows the later time).
      return new Date(asUtc - before * 60_000);
    },
  };
}
