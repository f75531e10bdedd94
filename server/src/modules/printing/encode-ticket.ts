import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PaperWidth, PrinterCommandSet, PrintJobKind } from '@tablo/contract/printing';
import type { StoredTicket } from '../../db/schema.ts';

/**
 * A ticket as printer bytes, through @point-of-sale/receipt-printer-encoder (no escape code is written
 * here): ESC/POS or StarPRNT, 32 or 48 columns, Hungarian in code page 852 (ő and ű are not in the
 * printers' default 437 nor in 1252/850). Lines are in large type, their choices and note under them.
 */
const COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };

/** What heads a ticket: a VOID and a REPRINT are marked so no cook cooks a dish twice. */
export const TICKET_MARKS = {
  // Short enough for one line in double width on 58 mm paper (16 characters).
  VOID: 'STORNO / VOID',
  REPRINT: 'ÚJRA / REPRINT',
  TEST: 'TESZT / TEST',
} as const;

export interface EncodeOptions {
  commandSet: PrinterCommandSet;
  paperWidth: PaperWidth;
}

function encoderFor(options: EncodeOptions): ReceiptPrinterEncoder {
  return new ReceiptPrinterEncoder({
    language: options.commandSet === 'STAR' ? 'star-prnt' : 'esc-pos',
    codepageMapping: options.commandSet === 'STAR' ? 'star' : 'epson',
    columns: COLUMNS[options.paperWidth],
    // A character the code page lacks throws instead of printing "?": the job fails, visibly.
    errors: 'strict',
  });
}

/** Bytes of an order's ticket (ORDER, VOID or REPRINT), or of a test ticket (`orderId` null). */
export function encodeTicket(ticket: StoredTicket, kind: PrintJobKind, options: EncodeOptions): Uint8Array {
  const e = encoderFor(options).initialize().codepage('cp852');
  const mark = ticket.orderId === null ? TICKET_MARKS.TEST : kind === 'ORDER' ? null : TICKET_MARKS[kind];
  if (mark)
    e.align('center').invert(true).bold(true).size(2, 2).line(mark).size(1, 1).bold(false).invert(false);
  e.align('left').bold(true).line(`${ticket.stationName} - ${ticket.restaurantName}`).bold(false);
  if (ticket.orderId === null) {
    e.line(ticket.madeAt)
      .newline()
      .line('árvíztűrő tükörfúrógép')
      .line('ÁRVÍZTŰRŐ TÜKÖRFÚRÓGÉP')
      .newline()
      .cut();
    return e.encode();
  }
  e.size(2, 2)
    .line(`Asztal ${ticket.tableNumber ?? '-'}`)
    .size(1, 1);
  e.line(`Rendelés #${ticket.orderId}  ${ticket.orderedAt}`);
  if (kind !== 'ORDER') e.line(`${kind === 'VOID' ? 'Sztornó' : 'Újranyomtatva'}: ${ticket.madeAt}`);
  e.rule();
  for (const line of ticket.lines) {
    e.bold(true).size(2, 2).line(`${line.quantity} × ${line.title}`).size(1, 1).bold(false);
    for (const choice of line.choices) e.line(`  + ${choice}`);
    if (line.note) e.line(`  ! ${line.note}`);
  }
  if (ticket.note) e.rule().bold(true).line(ticket.note).bold(false);
  e.newline().cut();
  return e.encode();
}
