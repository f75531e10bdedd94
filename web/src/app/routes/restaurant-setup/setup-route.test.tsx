import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setupServer } from '../../../features/restaurant-setup/testing/setup-handlers.ts';
import { fakeStaffLivePerTest } from '../../../features/staff/testing/fake-staff-socket.ts';
import { CSRF, staffServer } from '../../../features/staff/testing/staff-handlers.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';

fakeStaffLivePerTest();

function step(name: string): HTMLElement {
  const item = screen.getAllByRole('listitem').find((li) => li.textContent?.startsWith(name));
  if (!item) throw new Error(`no step ${name}`);
  return item;
}

describe('the set-up screen', () => {
  it('an owner fills in the details, adds 6 tables and opens for guests; refusals are shown, writes carry the CSRF token', async () => {
    const setup = setupServer({ menuDone: true });
    server.use(...setup.handlers, ...staffServer({ role: 'OWNER' }).handlers);
    renderApp('/staff/setup/en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set-up' }, { timeout: 4000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).getByRole('link', { name: 'Set-up' }).getAttribute('aria-current')).toBe('page');
    await screen.findByText('Restaurant details');
    expect(within(step('Menu')).getByText('Done')).toBeTruthy();
    expect(within(step('Menu')).getByRole('link', { name: 'Edit the menu' }).getAttribute('href')).toBe(
      '/staff/menu-editor/en',
    );
    expect(within(step('Tables')).getByText('Not done yet')).toBeTruthy();
    // Before opening, the owner previews the menu on the diner's route (decision 069).
    expect(
      within(step('Open for guests'))
        .getByRole('link', { name: 'Preview the menu as a guest sees it' })
        .getAttribute('href'),
    ).toBe('/menu/demo/en?preview');

    // Too early: the server's answer says what is missing.
    fireEvent.click(screen.getByRole('button', { name: 'Open for guests' }));
    expect((await screen.findByRole('alert')).textContent).toContain('missing: details, tables');

    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+36 1 234 5678' } });
    fireEvent.change(screen.getByLabelText('Description in English'), { target: { value: 'Home cooking.' } });
    fireEvent.change(screen.getByLabelText('VAT key 1 percent'), { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings are saved.')).toBeTruthy();
    await waitFor(() => expect(within(step('Restaurant details')).getByText('Done')).toBeTruthy());
    const save = setup.state.writes.find((w) => w.method === 'PUT');
    expect(save).toMatchObject({
      csrf: CSRF,
      body: {
        version: 1,
        phone: '+36 1 234 5678',
        descriptionEn: 'Home cooking.',
        vatKeys: [{ code: 'C', valuePercent: 18 }],
      },
    });

    fireEvent.change(screen.getByLabelText('Number of tables to add'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tables' }));
    expect(await screen.findByText('The tables are added.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Your tables' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);

    fireEvent.click(screen.getByRole('button', { name: 'Remove table 6' }));
    expect(await screen.findByText('Table 6 is removed.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Your tables' })).getAllByRole('listitem')).toHaveLength(
      5,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Open for guests' }));
    expect(await screen.findByText('The restaurant is open for guests.')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'See your menu as a diner' })).getAttribute('href')).toBe(
      '/menu/demo/en',
    );
    expect(setup.state.writes.every((w) => w.csrf === CSRF)).toBe(true);
  });

  it('a stale save shows the 409 and a way to reload', async () => {
    const setup = setupServer();
    server.use(...setup.handlers, ...staffServer({ role: 'MANAGER' }).handlers);
    renderApp('/staff/setup/en');
    await screen.findByLabelText('Name', {}, { timeout: 4000 });
    setup.state.settings = { ...setup.state.settings, name: 'Changed elsewhere', version: 2 };
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not saved: version: these settings were saved by someone else');
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload the settings' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Changed elsewhere'),
    );
  });

  it('uploads the picture as multipart with the CSRF token; a refused file says why; a later save uses the version the upload answered', async () => {
    const setup = setupServer();
    server.use(...setup.handlers, ...staffServer({ role: 'OWNER' }).handlers);
    renderApp('/staff/setup/en');
    const input = await screen.findByLabelText('Picture', {}, { timeout: 4000 });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['<svg/>'], 'evil.svg', { type: 'image/svg+xml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'picture: is not a JPEG, PNG, WebP or AVIF picture',
    );

    await user.upload(
      input,
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'terrace.jpg', { type: 'image/jpeg' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByText('The picture is saved.')).toBeTruthy();
    expect(
      (await screen.findByRole('img', { name: "The restaurant's current picture" })).getAttribute('src'),
    ).toBe('/images/uploads/hero/0f3a.webp');
    expect(setup.state.writes.at(-1)).toMatchObject({ body: 'terrace.jpg', csrf: CSRF });

    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings are saved.')).toBeTruthy();
    expect(setup.state.writes.at(-1)?.body).toMatchObject({ version: 2 });
  });

  it('a waiter has no set-up link and is told so on the screen', async () => {
    server.use(...setupServer().handlers, ...staffServer({ role: 'WAITER' }).handlers);
    renderApp('/staff/setup/en');
    expect(
      await screen.findByText('Only owners and managers set up the restaurant.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).queryByRole('link', { name: 'Set-up' })).toBeNull();
  });
});
