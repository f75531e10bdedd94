import { type JoinTableResponse, JoinTableResponseSchema } from '@tablo/contract/table-session';
import { z } from 'zod';
import { deviceStorage } from './device-storage.ts';

/**
 * The `?t=` token of the table's QR code (DESIGN §8), kept per restaurant and table so that a reload or a
 * later rejoin works after the token has been removed from the address bar.
 */
export function tableTokenKey(shortName: string, tableId: number): string {
  return `tablo.tableToken.${shortName}.${tableId}`;
}

// Copies for devices without storage: the token then lasts as long as the page.
const memory = new Map<string, string>();

export function saveTableToken(shortName: string, tableId: number, token: string): void {
  const key = tableTokenKey(shortName, tableId);
  memory.set(key, token);
  deviceStorage.set(key, token);
}

export function loadTableToken(shortName: string, tableId: number): string | null {
  const key = tableTokenKey(shortName, tableId);
  return deviceStorage.available() ? deviceStorage.get(key) : (memory.get(key) ?? null);
}

export function forgetTableToken(shortName: string, tableId: number): void {
  const key = tableTokenKey(shortName, tableId);
  memory.delete(key);
  deviceStorage.remove(key);
  // The join goes with the token: this phone must scan again.
  deviceStorage.remove(joinedTableKey(shortName, tableId));
}

/** The last join of this device's session to the table, kept so a phone reopened offline can fill its cart. */
export function joinedTableKey(shortName: string, tableId: number): string {
  return `tablo.joined.${shortName}.${tableId}`;
}

const JoinedSchema = z.object({ sessionId: z.string(), joined: JoinTableResponseSchema });

export function saveJoinedTable(
  shortName: string,
  tableId: number,
  sessionId: string,
  joined: JoinTableResponse,
): void {
  deviceStorage.set(joinedTableKey(shortName, tableId), JSON.stringify({ sessionId, joined }));
}

/** The kept join of this very session, or null (another session's join is never reused). */
export function loadJoinedTable(
  shortName: string,
  tableId: number,
  sessionId: string,
): JoinTableResponse | null {
  const raw = deviceStorage.get(joinedTableKey(shortName, tableId));
  if (raw === null) return null;
  try {
    const parsed = JoinedSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.sessionId === sessionId ? parsed.data.joined : null;
  } catch {
    return null;
  }
}
