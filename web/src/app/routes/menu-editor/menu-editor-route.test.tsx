import { ALLERGEN_TYPES } from '@tablo/contract/allergens';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuEditorServer } from '../../../features/menu-editor/testing/menu-editor-handlers.ts';
import { fakeStaffLivePerTest } from '../../../features/staff/testing/fake-staff-socket.ts';
import { CSRF, staffServer } from '../../../features/staff/testing/staff-handlers.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { localeResources } from '../../../testing/texts.ts';

fakeStaffLivePerTest();

function open(role: 'OWNER' | 'MANAGER' = 'MANAGER') {
  const editor = menuEditorServer();
  server.use(...staffServer({ role }).handlers, ...editor.handlers);
  renderApp('/staff/menu-editor/en');
  return editor;
}

/** The row of a category or item in the draft's list. */
function row(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByRole('listitem')
      .filter((li) =>
        li
          .querySelector(':scope > [data-row-title], :scope > div > [data-row-title]')
          ?.textContent?.startsWith(name),
      )
      .at(-1);
    if (!found) throw new Error(`no row for ${name}`);
    return found;
  });
}

async function editItem(name: string) {
  fireEvent.click(within(await row(name)).getByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('form', { name: 'Edit item' });
}

describe('the menu editor', () => {
  it('a manager edits an item in the ten languages, sees the fallback a diner sees, and saves it to the draft', async () => {
    const editor = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Menu editor' }, { timeout: 4000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).getByRole('link', { name: 'Menu editor' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Menu' }).getAttribute('aria-current')).toBeNull();
    expect(await screen.findByText('The draft is the live menu: nothing to publish.')).toBeTruthy();
    // The published menu on the diner's route, also before the restaurant opens (decision 069).
    expect(
      screen.getByRole('link', { name: 'Preview the menu as a guest sees it' }).getAttribute('href'),
    ).toBe('/menu/demo/en?preview');

    // Every category and item has a drag handle named after it (@dnd-kit: a sortable, Space picks it up).
    const handle = within(await row('Soups')).getByRole('button', { name: 'Drag to reorder Soups' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    expect(document.getElementById(handle.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^To pick it up, press Space or Enter\./,
    );
    expect(
      within(await row('Beef stew')).getByRole('button', { name: 'Drag to reorder Beef stew' }),
    ).toBeTruthy();

    const form = await editItem('Goulash soup');
    expect(within(form).getByLabelText<HTMLInputElement>('Title (Magyar)').value).toBe('Gulyásleves');
    expect(within(form).getByLabelText<HTMLInputElement>('Title (English)').value).toBe('Goulash soup');
    // Eight languages are missing; each shows what its diners read instead (spec §4: → en).
    expect(within(form).getAllByText('Diners see: “Goulash soup” (English)')).toHaveLength(8);
    expect(within(form).getAllByText(/missing/)).toHaveLength(8);
    // The allergens in the specification's order, the item's own ticked.
    const boxes = within(within(form).getByRole('group', { name: 'Allergens' })).getAllByRole('checkbox');
    const english = localeResources().en?.menu as { allergen: Record<string, string> };
    expect(boxes.map((box) => box.parentElement?.textContent)).toEqual(
      ALLERGEN_TYPES.map((a) => english.allergen[a]),
    );
    expect(
      boxes.filter((box) => (box as HTMLInputElement).checked).map((b) => b.parentElement?.textContent),
    ).toEqual(['Gluten', 'Celery']);
    expect(
      [...within(form).getByLabelText<HTMLSelectElement>('VAT key').options].map((o) => o.value),
    ).toEqual(['C', 'B']);

    fireEvent.change(within(form).getByLabelText('Price (Ft, VAT included)'), { target: { value: '2990' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Milk' }));
    fireEvent.change(within(form).getByLabelText('Title (Deutsch)'), { target: { value: 'Gulaschsuppe' } });
    const preview = within(form).getByRole('region', { name: 'Preview: what a diner sees' });
    expect(within(preview).getByText('Goulash soup')).toBeTruthy();
    expect(within(preview).getByText('Contains: Gluten, Milk, Celery')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));

    expect(await screen.findByText('“Goulash soup” is saved in the draft.')).toBeTruthy();
    expect((await row('Goulash soup')).textContent).toContain('2990 Ft');
    expect(screen.getByText('The draft has unpublished changes.')).toBeTruthy();
    const save = editor.state.writes.at(-1);
    expect(save).toMatchObject({
      method: 'PUT',
      path: '/api/staff/menu-editor/draft/items/goulash',
      csrf: CSRF,
    });
    expect(save?.body).toMatchObject({
      baseVersion: 1,
      item: { priceGross: 2990, vatKey: 'C', allergens: ['GLUTEN', 'MILK', 'CELERY'] },
    });
    expect(
      (save?.body as { item: { translations: { isoCode: string }[] } } | undefined)?.item.translations.map(
        (t) => t.isoCode,
      ),
    ).toEqual(['hu', 'en', 'de']);
  });

  it('an item picks the choices it offers, in the order they are ticked, and saves them', async () => {
    const editor = open();
    const form = await editItem('Beef stew');
    const choices = within(form).getByRole('group', { name: 'Choices offered (in the order ticked)' });
    const ticked = () =>
      within(choices)
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.parentElement?.textContent);
    expect(ticked()).toEqual(['Sauce (1.)']);
    fireEvent.click(within(choices).getByRole('checkbox', { name: 'Size' }));
    expect(ticked()).toEqual(['Sauce (1.)', 'Size (2.)']);
    fireEvent.click(within(choices).getByRole('checkbox', { name: 'Sauce (1.)' }));
    fireEvent.click(within(choices).getByRole('checkbox', { name: 'Sauce' }));
    expect(ticked()).toEqual(['Sauce (2.)', 'Size (1.)']);
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('“Beef stew” is saved in the draft.')).toBeTruthy();
    expect(editor.state.writes.at(-1)?.body).toMatchObject({ item: { optionGroups: ['size', 'sauce'] } });
  });

  it('adds a choice group with options in the ten languages, names a bad count at its field, and edits a group', async () => {
    const editor = open();
    const section = await screen.findByRole('region', { name: 'Choices' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sauce Edit Sauce', 'Size Edit Size']);
    fireEvent.click(within(section).getByRole('button', { name: 'Add choice group' }));
    const form = within(section).getByRole('form', { name: 'New choice group' });
    const texts = within(form).getByRole('group', { name: 'Title and description in the ten languages' });
    fireEvent.change(within(texts).getByLabelText('Title (English)'), { target: { value: 'Extras' } });
    fireEvent.change(within(texts).getByLabelText('Title (Deutsch)'), { target: { value: 'Extras DE' } });
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'MULTIPLE' } });
    fireEvent.change(within(form).getByLabelText('At most'), { target: { value: '2' } });
    const first = within(form).getByRole('group', { name: 'Option 1' });
    fireEvent.change(within(first).getByLabelText('Title (English)'), { target: { value: 'Bacon' } });
    fireEvent.change(within(first).getByLabelText('Title (Magyar)'), { target: { value: 'Szalonna' } });
    fireEvent.change(within(first).getByLabelText('Price difference (Ft)'), { target: { value: '400' } });
    // Allergens of an option in the specification's order.
    const boxes = within(within(first).getByRole('group', { name: 'Allergens' })).getAllByRole('checkbox');
    const english = localeResources().en?.menu as { allergen: Record<string, string> };
    expect(boxes.map((box) => box.parentElement?.textContent)).toEqual(
      ALLERGEN_TYPES.map((a) => english.allergen[a]),
    );
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Mustard' }));
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Chosen by default' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    // Two at most but only one option: the server's problem shows at the field.
    await waitFor(() =>
      expect(within(form).getByLabelText('At most').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(within(form).getByText('must not be more than the number of options')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Add option' }));
    const second = within(form).getByRole('group', { name: 'Option 2' });
    fireEvent.change(within(second).getByLabelText('Title (English)'), { target: { value: 'Egg' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('The choice group is saved in the draft.')).toBeTruthy();
    expect(editor.state.writes.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/staff/menu-editor/draft/option-groups',
      csrf: CSRF,
      body: {
        group: {
          kind: 'MULTIPLE',
          maxChoices: 2,
          translations: [
            { isoCode: 'en', title: 'Extras' },
            { isoCode: 'de', title: 'Extras DE' },
          ],
          options: [
            {
              priceDelta: 400,
              allergens: ['MUSTARD'],
              isDefault: true,
              translations: [
                { isoCode: 'hu', title: 'Szalonna' },
                { isoCode: 'en', title: 'Bacon' },
              ],
            },
            { priceDelta: 0, isDefault: false, translations: [{ isoCode: 'en', title: 'Egg' }] },
          ],
        },
      },
    });
    expect(within(section).getByRole('button', { name: 'Edit Extras' })).toBeTruthy();

    // Archiving is unticking Active.
    fireEvent.click(within(section).getByRole('button', { name: 'Edit Sauce' }));
    const edit = within(section).getByRole('form', { name: 'Edit choice group' });
    expect(
      within(
        within(edit).getByRole('group', { name: 'Title and description in the ten languages' }),
      ).getByLabelText<HTMLInputElement>('Title (English)').value,
    ).toBe('Sauce');
    fireEvent.click(within(edit).getByRole('checkbox', { name: 'Active (shown to diners)' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('The choice group is saved in the draft.')).toBeTruthy();
    expect(editor.state.writes.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/staff/menu-editor/draft/option-groups/sauce',
      body: { group: { isActive: false } },
    });
  });

  it('a stale save of a choice group fills the form again with the group as it is now, and saves on top of it', async () => {
    const editor = open();
    const section = await screen.findByRole('region', { name: 'Choices' });
    fireEvent.click(within(section).getByRole('button', { name: 'Edit Sauce' }));
    // Someone else renames the group meanwhile.
    const sauce = editor.state.menu.optionGroups[0];
    if (!sauce) throw new Error('no sauce');
    sauce.translations = [{ isoCode: 'en', title: 'Gravy', description: '' }];
    editor.state.version += 1;
    editor.state.changedAt['group:sauce'] = editor.state.version;
    const form = within(section).getByRole('form', { name: 'Edit choice group' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Active (shown to diners)' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    // The form opens again (a new one) with the reason.
    await waitFor(() =>
      expect(within(section).getByRole('alert').textContent).toContain(
        'Someone else changed this meanwhile: here it is as it is now',
      ),
    );
    const again = within(section).getByRole('form', { name: 'Edit choice group' });
    const texts = within(again).getByRole('group', { name: 'Title and description in the ten languages' });
    expect(within(texts).getByLabelText<HTMLInputElement>('Title (English)').value).toBe('Gravy');
    fireEvent.click(within(again).getByRole('checkbox', { name: 'Active (shown to diners)' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('The choice group is saved in the draft.')).toBeTruthy();
    expect(editor.state.menu.optionGroups[0]).toMatchObject({
      isActive: false,
      translations: [{ isoCode: 'en', title: 'Gravy' }],
    });
  });

  it('a text missing in English too falls back to the first language, as a diner would see it', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Menu editor' }, { timeout: 4000 });
    const form = await editItem('Húsleves');
    expect(within(form).getAllByText('Diners see: “Húsleves” (Magyar)')).toHaveLength(9);
  });

  it('a stale save shows what someone else changed, and the manager takes it up and saves on top of it', async () => {
    const editor = open();
    await screen.findByRole('heading', { level: 1, name: 'Menu editor' }, { timeout: 4000 });
    const form = await editItem('Goulash soup');
    editor.savedElsewhere('goulash', { priceGross: 3200 });
    fireEvent.change(within(form).getByLabelText('Price (Ft, VAT included)'), { target: { value: '2990' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));

    const conflict = await within(form).findByRole('region', {
      name: 'Someone else changed this meanwhile. This is what they saved:',
    });
    expect(within(conflict).getByText('Price (Ft, VAT included)').nextSibling?.textContent).toBe('3200');
    expect(within(form).getByRole('alert').textContent).toContain(
      'Someone else changed this meanwhile: here it is as it is now',
    );
    fireEvent.click(within(conflict).getByRole('button', { name: 'Load their version and edit on' }));
    expect(within(form).getByLabelText<HTMLInputElement>('Price (Ft, VAT included)').value).toBe('3200');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Eggs' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('“Goulash soup” is saved in the draft.')).toBeTruthy();
    expect(editor.state.menu.categories[0]?.items[0]).toMatchObject({
      priceGross: 3200,
      allergens: ['GLUTEN', 'EGGS', 'CELERY'],
    });
  });

  it('shows every problem the server names at its field, and a price that is no whole number before sending', async () => {
    const editor = open();
    await screen.findByRole('heading', { level: 1, name: 'Menu editor' }, { timeout: 4000 });
    const form = await editItem('Goulash soup');
    fireEvent.change(within(form).getByLabelText('Price (Ft, VAT included)'), { target: { value: '12.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    const price = within(form).getByLabelText('Price (Ft, VAT included)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter the price in whole forints.',
    );
    const writes = editor.state.writes.length;

    fireEvent.change(price, { target: { value: '2490' } });
    fireEvent.change(within(form).getByLabelText('Description (English)'), {
      target: { value: 'x'.repeat(2001) },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    const texts = within(form).getByRole('group', { name: 'Title and description in the ten languages' });
    await waitFor(() => expect(texts.getAttribute('aria-describedby')).toBe('translations-error'));
    expect(document.getElementById('translations-error')?.textContent).toMatch(/2000/);
    expect(editor.state.writes.length).toBe(writes + 1);
  });

  it('creates a category and an item, archives and brings back, and moves a category by keyboard with the result announced', async () => {
    const editor = open('OWNER');
    await screen.findByRole('heading', { level: 1, name: 'Menu editor' }, { timeout: 4000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Add category' }));
    const form = await screen.findByRole('form', { name: 'New category' });
    fireEvent.change(within(form).getByLabelText('Title (English)'), { target: { value: 'Desserts' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('“Desserts” is saved in the draft.')).toBeTruthy();

    fireEvent.click(within(await row('Desserts')).getByRole('button', { name: 'Add item (Desserts)' }));
    const item = await screen.findByRole('form', { name: 'New item' });
    fireEvent.change(within(item).getByLabelText('Title (Magyar)'), { target: { value: 'Rétes' } });
    fireEvent.change(within(item).getByLabelText('Price (Ft, VAT included)'), { target: { value: '1290' } });
    fireEvent.change(within(item).getByLabelText('VAT key'), { target: { value: 'B' } });
    fireEvent.change(within(item).getByLabelText('Availability'), { target: { value: 'SOLD_OUT' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('“Rétes” is saved in the draft.')).toBeTruthy();
    expect(editor.state.menu.categories[2]?.items[0]).toMatchObject({
      priceGross: 1290,
      vatKey: 'B',
      availabilityType: 'SOLD_OUT',
      translations: [{ isoCode: 'hu', title: 'Rétes', description: '' }],
    });

    fireEvent.click(within(await row('Beef stew')).getByRole('button', { name: 'Archive Beef stew' }));
    expect(await screen.findByText('“Beef stew” is archived in the draft.')).toBeTruthy();
    expect(within(await row('Beef stew')).getByText('Archived')).toBeTruthy();
    fireEvent.click(within(await row('Beef stew')).getByRole('button', { name: 'Bring back Beef stew' }));
    expect(await screen.findByText('“Beef stew” is back in the draft.')).toBeTruthy();

    const up = within(await row('Main courses')).getByRole('button', { name: 'Move up Main courses' });
    up.focus();
    fireEvent.click(up);
    expect(await screen.findByText('“Main courses” moved to position 1 of 3.')).toBeTruthy();
    expect(editor.state.writes.at(-1)?.body).toEqual({
      baseVersion: 5,
      categories: [
        { ref: 'mains', items: ['stew'] },
        { ref: 'soups', items: ['goulash', 'broth'] },
        { ref: 'desserts', items: ['r-tes'] },
      ],
    });
    // Focus stays with the moved category, on the button that can still move it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Move down Main courses'));
  });

  it('publishes after a confirmation, discards, and restores an earlier version', async () => {
    const editor = open();
    await screen.findByRole('heading', { level: 1, name: 'Menu editor' }, { timeout: 4000 });
    const form = await editItem('Goulash soup');
    fireEvent.change(within(form).getByLabelText('Price (Ft, VAT included)'), { target: { value: '2990' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    await screen.findByText('“Goulash soup” is saved in the draft.');

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const question = screen.getByRole('group', {
      name: 'Publish the draft? Every diner sees the new menu at once.',
    });
    expect(document.activeElement?.textContent).toBe('Yes, publish');
    fireEvent.keyDown(question, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: /Publish the draft/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, publish' }));
    expect(await screen.findByText('The draft is published: diners see it now.')).toBeTruthy();
    expect(editor.state.live.categories[0]?.items[0]?.priceGross).toBe(2990);
    const versions = screen.getByRole('region', { name: 'Published versions' });
    await waitFor(() => expect(within(versions).getByText('Version 2')).toBeTruthy());
    expect(within(versions).getByText('Live').parentElement?.textContent).toContain('Version 2');

    fireEvent.click(within(await row('Beef stew')).getByRole('button', { name: 'Archive Beef stew' }));
    await screen.findByText('“Beef stew” is archived in the draft.');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, discard' }));
    expect(await screen.findByText('The draft is discarded: it is the live menu again.')).toBeTruthy();
    expect(within(await row('Beef stew')).queryByText('Archived')).toBeNull();

    fireEvent.click(within(versions).getByRole('button', { name: 'Restore Version 1' }));
    expect(await screen.findByText('Version 1 is live again.')).toBeTruthy();
    expect(editor.state.live.categories[0]?.items[0]?.priceGross).toBe(2490);
    expect((await row('Goulash soup')).textContent).toContain('2490 Ft');
    await waitFor(() =>
      expect(within(versions).getByText('restored from version 1', { exact: false })).toBeTruthy(),
    );
  });

  it('waiters have no menu editor in the navigation, and the screen tells them why', async () => {
    server.use(...staffServer({ role: 'WAITER' }).handlers);
    renderApp('/staff/menu-editor/en');
    expect(
      await screen.findByText('Only owners and managers edit the menu.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).queryByRole('link', { name: 'Menu editor' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Preview the menu as a guest sees it' })).toBeNull();
  });
});
