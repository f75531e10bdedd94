import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  demoMenuFile,
  menuEditorServer,
} from '../../../features/menu-editor/testing/menu-editor-handlers.ts';
import { fakeStaffLivePerTest } from '../../../features/staff/testing/fake-staff-socket.ts';
import { CSRF, staffServer } from '../../../features/staff/testing/staff-handlers.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';

fakeStaffLivePerTest();

async function open() {
  const editor = menuEditorServer();
  server.use(...staffServer({ role: 'MANAGER' }).handlers, ...editor.handlers);
  renderApp('/staff/menu-editor/en');
  await screen.findByRole('heading', { level: 1, name: 'Menu editor' }, { timeout: 4000 });
  await screen.findByText('The draft is the live menu: nothing to publish.');
  return editor;
}

function choose(input: HTMLElement, file: File) {
  fireEvent.change(input, { target: { files: [file] } });
}

describe('the menu file and pictures', () => {
  it('exports the draft as a download, and imports a file all or nothing, listing every problem with its path', async () => {
    const editor = await open();
    const exportLink = screen.getByRole('link', { name: 'Export the menu file' });
    expect(exportLink.getAttribute('href')).toBe('/api/staff/menu-editor/draft/export');
    expect(exportLink.hasAttribute('download')).toBe(true);

    const input = screen.getByLabelText('Import a menu file (replaces the draft)');
    const bad = demoMenuFile();
    const broken = {
      ...bad,
      categories: [
        { ...bad.categories[0], items: [{ ...bad.categories[0]?.items[0], priceGross: -5, vatKey: 7 }] },
      ],
    };
    choose(input, new File([JSON.stringify(broken)], 'menu.json', { type: 'application/json' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('The file was not imported; the draft is unchanged. Problems:'),
    ).toBeTruthy();
    const problems = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^categories\[0\]\.items\[0\]\.priceGross: /);
    expect(problems[1]).toMatch(/^categories\[0\]\.items\[0\]\.vatKey: /);
    expect(editor.state.menu).toEqual(demoMenuFile());

    const good = demoMenuFile();
    good.categories = good.categories.slice(1);
    choose(input, new File([JSON.stringify(good)], 'menu.json', { type: 'application/json' }));
    expect(await screen.findByText('The menu file is in the draft.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Goulash soup')).toBeNull());
    expect(screen.getByText('The draft has unpublished changes.')).toBeTruthy();
    expect(editor.state.writes.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/staff/menu-editor/draft/import',
      csrf: CSRF,
      body: { baseVersion: 1, file: JSON.stringify(good) },
    });
  });

  it('uploads an item’s picture, says why a picture is refused, and a later save builds on the upload', async () => {
    const editor = await open();
    const row = await waitFor(() => {
      const found = screen
        .getAllByRole('listitem')
        .find((li) => li.querySelector(':scope > [data-row-title]')?.textContent?.startsWith('Goulash soup'));
      if (!found) throw new Error('no goulash');
      return found;
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Goulash soup' }));
    const form = await screen.findByRole('form', { name: 'Edit item' });
    const input = within(form).getByLabelText('Upload a picture (JPEG, PNG, WebP or AVIF, at most 10 MB)');

    choose(input, new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Only JPEG, PNG, WebP or AVIF pictures can be uploaded.',
    );
    choose(input, new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe('The picture is larger than 10 MB.'),
    );

    choose(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'soup.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('The picture is saved in the draft.')).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(editor.state.writes.at(-1)).toMatchObject({
      path: '/api/staff/menu-editor/draft/items/goulash/picture',
      body: '?baseVersion=1',
      csrf: CSRF,
    });
    const preview = within(form).getByRole('region', { name: 'Preview: what a diner sees' });
    expect(preview.querySelector('img')?.getAttribute('src')).toBe('/images/menu/goulash.webp');

    fireEvent.change(within(form).getByLabelText('Price (Ft, VAT included)'), { target: { value: '2590' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('“Goulash soup” is saved in the draft.')).toBeTruthy();
    expect(editor.state.menu.categories[0]?.items[0]).toMatchObject({
      priceGross: 2590,
      imageUrl: '/images/menu/goulash.webp',
    });
  });
});
