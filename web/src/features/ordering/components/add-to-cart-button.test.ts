import { describe, expect, it } from 'vitest';
import { localeResources } from '../../../testing/texts.ts';

/**
 * WCAG 2.5.3 Label in Name (axe-core's label-content-name-mismatch): the dish's "Add" button shows `add` and
 * is named `add_item_label` ("Add Goulash soup to the cart"). The name must contain the word it shows, in
 * every language, so a voice-control user who says what they see ("Hinzufügen") reaches the button. The
 * German name was "Goulash soup in den Warenkorb legen": a German diner's menu failed axe on every dish.
 */
describe('the add-to-cart button: its visible word is part of its name', () => {
  for (const [language, namespaces] of Object.entries(localeResources())) {
    it(language, () => {
      const texts = namespaces.orders as Record<string, string>;
      const visible = texts.add?.toLowerCase() ?? '';
      const name = texts.add_item_label?.replace('{{title}}', 'Goulash soup').toLowerCase() ?? '';
      expect(visible).not.toBe('');
      expect(name, `"${texts.add}" in "${texts.add_item_label}"`).toContain(visible);
    });
  }
});
