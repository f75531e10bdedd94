import { LANGUAGE_CODES } from '@tablo/contract/language-list';
import { describe, expect, it } from 'vitest';
import { localeResources } from '../../../testing/texts.ts';

/**
 * WCAG 2.5.3 Label in Name (axe-core's label-content-name-mismatch): a control whose accessible name is more
 * specific than its visible words must still contain them, in every language, so a voice-control user can
 * say what they see ("Mark sold out") and reach the button named "Mark sold out: Goulash soup".
 * Each pair is [namespace:key of the visible words, namespace:key of the accessible name]; `starts` asks for
 * the name to begin with the visible words, whole ("Wieder verfügbar: Hafermilch (Milch)"), as the sold-out
 * switches do.
 */
const VISIBLE_AND_NAME: readonly (readonly [visible: string, name: string, starts?: 'starts'])[] = [
  ['staff:accept', 'staff:accept_order'],
  ['staff:serve', 'staff:serve_order'],
  ['staff:reject', 'staff:reject_order'],
  ['staff:acknowledge', 'staff:acknowledge_call'],
  ['staff:close_table', 'staff:close_table_of'],
  ['staff:enable', 'staff:enable_table'],
  ['staff:disable', 'staff:disable_table'],
  ['staff:rotate_token', 'staff:rotate_token_of'],
  ['staff:qr_code', 'staff:qr_of'],
  ['staff:mark_sold_out', 'staff:mark_sold_out_of', 'starts'],
  ['staff:mark_available', 'staff:mark_available_of', 'starts'],
  ['staff:confirm_payment', 'staff:confirm_payment_of'],
  ['staff:cancel_payment', 'staff:cancel_payment_of'],
  // The menu screen's choice rows (option-availability.tsx) show staff's words and take choices' names.
  ['staff:mark_sold_out', 'choices:mark_option_sold_out', 'starts'],
  ['staff:mark_available', 'choices:mark_option_available', 'starts'],
  // Issue 28: Reprint on the board, Print ticket in the kitchen.
  ['printing:reprint', 'printing:reprint_order'],
  ['printing:print_ticket', 'printing:print_ticket_of'],
  // Issue 28: the Hours screen's remove buttons and the menu windows' add buttons.
  ['hours:remove', 'hours:remove_span', 'starts'],
  ['hours:remove', 'hours:remove_day', 'starts'],
  ['menu-windows:add_window', 'menu-windows:add_window_of', 'starts'],
];

const resources = localeResources();

/** Whether the name holds the visible words (axe's check), or begins with them as whole words. */
function holds(name: string, words: string, starts: boolean): boolean {
  const [lowerName, lowerWords] = [name.toLowerCase(), words.toLowerCase()];
  if (!starts) return lowerName.includes(lowerWords);
  return lowerName.startsWith(lowerWords) && !/\p{L}/u.test(lowerName.charAt(lowerWords.length));
}

function text(language: string, reference: string): string | undefined {
  const [namespace = '', key = ''] = reference.split(':');
  const value = (resources[language]?.[namespace] as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : undefined;
}

describe('staff controls: the visible words are part of the name', () => {
  for (const language of LANGUAGE_CODES) {
    it(language, () => {
      const mismatched = VISIBLE_AND_NAME.filter(([visible, name, starts]) => {
        const words = text(language, visible);
        return !words || !holds(text(language, name) ?? '', words, starts === 'starts');
      }).map(([visible, name]) => `${text(language, visible)} ⊄ ${text(language, name)}`);
      expect(mismatched).toEqual([]);
    });
  }
});
