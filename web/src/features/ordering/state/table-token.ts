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
}
