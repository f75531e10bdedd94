import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { StoredTicket } from '../../db/schema.ts';
import { encodeTicket, TICKET_MARKS } from './encode-ticket.ts';

const TICKET: StoredTicket = {
  restaurantName: 'Paprika Bisztró',
  stationName: 'Konyha',
  orderId: 4711,
  tableNumber: 12,
  orderedAt: '2026-11-28 19:05',
  madeAt: '2026-11-28 19:07',
  note: 'Gyorsan, kérjük',
  lines: [
    { quantity: 2, title: 'Gulyásleves', choices: ['Csípős'], note: 'Kenyér nélkül' },
    { quantity: 1, title: 'Túrós csusza', choices: [], note: '' },
  ],
};

/** The ticket's text as the printer shows it: code page 852, commands left as control characters. */
function printed(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes), 'cp852');
}

describe('a kitchen ticket as printer bytes', () => {
  for (const commandSet of ['ESC_POS', 'STAR'] as const) {
    for (const paperWidth of [58, 80] as const) {
      it(`${commandSet}, ${paperWidth} mm: table, order, lines in order with their choice and note, ő and ű right`, () => {
        const text = printed(encodeTicket(TICKET, 'ORDER', { commandSet, paperWidth }));
        const order = [
          'Asztal 12',
          'Rendelés #4711',
          '2 × Gulyásleves',
          '+ Csípős',
          '! Kenyér nélkül',
          '1 × Túrós csusza',
        ];
        const at = order.map((part) => text.indexOf(part));
        expect(
          at.every((index) => index >= 0),
          `${order.join(' | ')} in ${JSON.stringify(text)}`,
        ).toBe(true);
        expect([...at].sort((a, b) => a - b)).toEqual(at);
        expect(text).toContain('Gyorsan, kérjük');
        expect(text).not.toContain(TICKET_MARKS.REPRINT);
      });
    }
  }

  it('a test ticket prints every Hungarian accent (ő, ű, Ő, Ű)', () => {
    const text = printed(
      encodeTicket({ ...TICKET, orderId: null }, 'ORDER', { commandSet: 'ESC_POS', paperWidth: 80 }),
    );
    expect(text).toContain('árvíztűrő tükörfúrógép');
    expect(text).toContain('ÁRVÍZTŰRŐ TÜKÖRFÚRÓGÉP');
    expect(text).toContain(TICKET_MARKS.TEST);
  });

  it('marks a VOID and a REPRINT above the order, with when they were made', () => {
    const voided = printed(encodeTicket(TICKET, 'VOID', { commandSet: 'ESC_POS', paperWidth: 58 }));
    expect(voided.indexOf(TICKET_MARKS.VOID)).toBeLessThan(voided.indexOf('Rendelés #4711'));
    expect(voided).toContain('Sztornó: 2026-11-28 19:07');
    const again = printed(encodeTicket(TICKET, 'REPRINT', { commandSet: 'STAR', paperWidth: 80 }));
    expect(again.indexOf(TICKET_MARKS.REPRINT)).toBeLessThan(again.indexOf('Rendelés #4711'));
    expect(again).toContain('Újranyomtatva: 2026-11-28 19:07');
  });
});
