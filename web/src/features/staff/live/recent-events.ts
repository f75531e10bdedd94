import type { TableEvent } from '@tablo/contract/events';

/** How many of the latest table events are kept to lay over a board read while they arrived. */
const KEEP = 500;
let recent: TableEvent[] = [];

export function rememberEvent(event: TableEvent): void {
  recent.push(event);
  if (recent.length > KEEP) recent = recent.slice(-KEEP);
}

export function recentEvents(): readonly TableEvent[] {
  return recent;
}

export function forgetEvents(): void {
  recent = [];
}
