import { describe, expect, it } from 'vitest';
import { localeResources } from '../../../testing/texts.ts';

/**
 * WCAG 2.5.3 Label in Name (axe-core's label-content-name-mismatch): a control whose accessible name is more
 * specific than its visible words must still contain them, in every language, so a voice-control user can
 * say what they see ("Mark sold out") and reach the button named "Mark sold out: Goulash soup".
 */
const VISIBLE_AND_NAME = [
  ['accept', 'accept_order'],
  ['serve', 'serve_order'],
  ['reject', 'reject_order'],
  ['acknowledge', 'acknowledge_call'],
  ['close_table', 'close_table_of'],
  ['enable', 'enable_table'],
  ['disable', 'disable_table'],
  ['rotate_token', 'rotate_token_of'],
  ['qr_code', 'qr_of'],
  ['mark_sold_out', 'mark_sold_out_of'],
  ['mark_available', 'mark_available_of'],
  ['confirm_payment', 'confirm_payment_of'],
  ['cancel_payment', 'cancel_payment_of'],
] as const;

describe('staff controls: the visible words are part of the name', () => {
  for (const [language, namespaces] of Object.entries(localeResources())) {
    it(language, () => {
      const texts = namespaces.staff as Record<string, string>;
      const mismatched = VISIBLE_AND_NAME.filter(
        ([visible, name]) => !texts[name]?.toLowerCase().includes(texts[visible]?.toLowerCase() ?? '\u0000'),
      ).map(([visible, name]) => `${texts[visible]} ⊄ ${texts[name]}`);
      expect(mismatched).toEqual([]);
    });
  }
});
