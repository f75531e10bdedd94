import { WS_CLOSE } from '@tablo/contract/events';
import { staffCan } from '@tablo/contract/staff';
import type { FastifyBaseLogger } from 'fastify';
import {
  PRINTER_STATUS_CHANNEL,
  STAFF_SESSIONS_ENDED_CHANNEL,
  STAFF_TABLES_CHANNEL,
} from '../../db/channels.ts';
import type { Database } from '../../db/database.ts';
import { parsePrinterStatusPayload, readPrinterStatuses } from '../printing/status.ts';
import { findStaffSession } from './repository.ts';
import type { StaffConnection, StaffEncoder } from './staff-socket.ts';

/**
 * The staff boards of this instance, by restaurant and by staff user, for what does not come through the
 * event log: a table's settings changing (`table.updated`, STAFF_TABLES_CHANNEL) and sessions ending.
 * Sessions are also re-checked every `recheckMs` (expiry, a lost notification).
 */
export class StaffHub {
  private readonly connections = new Set<StaffConnection>();
  private readonly unlisten: (() => Promise<void>)[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly encoder: StaffEncoder,
    private readonly log: FastifyBaseLogger,
    private readonly recheckMs: number,
  ) {}

  async start(): Promise<void> {
    this.unlisten.push(
      await this.database.listen(STAFF_TABLES_CHANNEL, (payload) => this.onTableChanged(payload)),
      await this.database.listen(STAFF_SESSIONS_ENDED_CHANNEL, (payload) =>
        this.recheck(payload === null ? null : Number(payload)),
      ),
      await this.database.listen(PRINTER_STATUS_CHANNEL, (payload) => this.onPrinterChanged(payload)),
    );
    this.timer = setInterval(() => this.recheck(null), this.recheckMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    // One after another: they share the LISTEN connection, which runs one statement at a time.
    for (const unlisten of this.unlisten.splice(0)) await unlisten();
  }

  add(connection: StaffConnection): void {
    this.connections.add(connection);
  }

  remove(connection: StaffConnection): void {
    this.connections.delete(connection);
  }

  private onTableChanged(payload: string | null): void {
    if (payload === null) return; // nothing to re-read: the console refetches its tables on reconnect
    const [restaurantPart, tablePart] = payload.split(':');
    const restaurantId = Number(restaurantPart);
    const tableId = Number(tablePart);
    if (!Number.isSafeInteger(restaurantId) || !Number.isSafeInteger(tableId)) {
      this.log.warn({ payload }, 'staff hub: malformed table notification ignored');
      return;
    }
    let text: string | null = null;
    for (const connection of this.connections) {
      if (connection.owner.restaurantId !== restaurantId) continue;
      text ??= this.encoder.message({ type: 'table.updated', tableId });
      connection.notify(text);
    }
  }

  /** Issue 28: a printer went off or came back, or its queue changed → `printer.status` (not replayed). */
  private onPrinterChanged(payload: string | null): void {
    if (payload === null) return; // the console reads the statuses again on reconnect
    const target = parsePrinterStatusPayload(payload);
    if (!target) {
      this.log.warn({ payload }, 'staff hub: malformed printer notification ignored');
      return;
    }
    let watched = false;
    for (const connection of this.connections)
      watched ||= connection.owner.restaurantId === target.restaurantId;
    if (!watched) return;
    readPrinterStatuses(this.database.db, target.restaurantId, { printerIds: [target.printerId] }).then(
      ([status]) => {
        if (!status) return;
        const text = this.encoder.message({ type: 'printer.status', ...status });
        for (const connection of this.connections) {
          if (connection.owner.restaurantId === target.restaurantId) connection.notify(text);
        }
      },
      (error: unknown) => this.log.error({ err: error }, 'staff hub: printer status read failed'),
    );
  }

  /** Closes (4401) the boards whose session is gone: of one staff user, or of everyone (null). */
  private recheck(staffUserId: number | null): void {
    const byToken = new Map<string, StaffConnection[]>();
    for (const connection of this.connections) {
      if (staffUserId !== null && connection.owner.staffUserId !== staffUserId) continue;
      const list = byToken.get(connection.owner.tokenHash) ?? [];
      list.push(connection);
      byToken.set(connection.owner.tokenHash, list);
    }
    for (const [tokenHash, connections] of byToken) {
      findStaffSession(this.database.db, tokenHash).then(
        (session) => {
          if (session && staffCan(session.role, 'viewOrders')) return;
          for (const connection of connections) connection.close(WS_CLOSE.unauthorized, 'session ended');
        },
        (error: unknown) => this.log.error({ err: error }, 'staff hub: session re-check failed'),
      );
    }
  }
}
