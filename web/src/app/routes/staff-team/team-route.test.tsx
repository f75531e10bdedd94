import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeStaffLivePerTest } from '../../../features/staff/testing/fake-staff-socket.ts';
import { CSRF, staffServer } from '../../../features/staff/testing/staff-handlers.ts';
import { demoTeam, teamServer } from '../../../features/staff-team/testing/team-handlers.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';

fakeStaffLivePerTest();

/** The list item of an account or invitation, once the team has loaded. */
function row(email: string): Promise<HTMLElement> {
  return waitFor(() => {
    const item = screen.getAllByRole('listitem').find((li) => li.textContent?.startsWith(email));
    if (!item) throw new Error(`no row for ${email}`);
    return item;
  });
}

describe('the team screen', () => {
  it('an owner changes a role, disables, sends a reset and invites; each outcome is announced and every write carries the CSRF token', async () => {
    const team = teamServer(demoTeam('OWNER'));
    server.use(...staffServer({ role: 'OWNER' }).handlers, ...team.handlers);
    renderApp('/staff/team/en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' }, { timeout: 4000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).getByRole('link', { name: 'Team' }).getAttribute('aria-current')).toBe('page');

    const zoli = await row('zoli@demo.example');
    expect(within(zoli).getByText('E-mail not confirmed')).toBeTruthy();
    fireEvent.change(within(zoli).getByLabelText('Role of zoli@demo.example'), {
      target: { value: 'KITCHEN' },
    });
    fireEvent.click(within(zoli).getByRole('button', { name: 'Save role zoli@demo.example' }));
    expect(await screen.findByText('zoli@demo.example is now Kitchen.')).toBeTruthy();

    fireEvent.click(
      within(await row('zoli@demo.example')).getByRole('button', { name: 'Disable zoli@demo.example' }),
    );
    expect(await screen.findByText('zoli@demo.example is disabled and logged out everywhere.')).toBeTruthy();
    expect(within(await row('zoli@demo.example')).getByText('Disabled')).toBeTruthy();

    fireEvent.click(
      within(await row('boss@demo.example')).getByRole('button', {
        name: 'Send password reset boss@demo.example',
      }),
    );
    expect(await screen.findByText('A password reset link was sent to boss@demo.example.')).toBeTruthy();
    // Nobody disables themselves from here.
    expect(within(await row('anna@demo.example')).queryByRole('button', { name: /^Disable/ })).toBeNull();

    expect(within(await row('late@demo.example')).getByText('Link expired')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'new@demo.example' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'MANAGER' } });
    fireEvent.change(screen.getByLabelText('Language of the e-mail'), { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('An invitation was sent to new@demo.example.')).toBeTruthy();
    expect(within(await row('new@demo.example')).getByText('Manager')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail address').value).toBe('');

    fireEvent.click(
      within(await row('late@demo.example')).getByRole('button', { name: 'Withdraw late@demo.example' }),
    );
    await waitFor(() => expect(screen.queryByText('late@demo.example')).toBeNull());

    expect(team.writes.map((w) => [w.method, w.path, w.body])).toEqual([
      ['PATCH', '/api/staff/team/members/3', { role: 'KITCHEN' }],
      ['PATCH', '/api/staff/team/members/3', { disabled: true }],
      ['POST', '/api/staff/team/members/2/password-reset', {}],
      ['POST', '/api/staff/team/invitations', { email: 'new@demo.example', role: 'MANAGER', language: 'de' }],
      ['DELETE', '/api/staff/team/invitations/10', {}],
    ]);
    expect(team.writes.every((w) => w.csrf === CSRF)).toBe(true);
  });

  it('a manager sees owners but cannot change them, nor invite or promote an owner', async () => {
    server.use(...staffServer({ role: 'MANAGER' }).handlers, ...teamServer(demoTeam('MANAGER')).handlers);
    renderApp('/staff/team/en');
    await screen.findByRole('heading', { level: 1, name: 'Team' }, { timeout: 4000 });
    const boss = await row('boss@demo.example');
    expect(within(boss).getByLabelText<HTMLSelectElement>('Role of boss@demo.example').disabled).toBe(true);
    expect(within(boss).queryAllByRole('button')).toEqual([]);
    expect(within(boss).getByText("Only an owner can change an owner's account.")).toBeTruthy();
    const roles = (select: HTMLElement) => [...select.querySelectorAll('option')].map((o) => o.value);
    expect(roles(within(await row('zoli@demo.example')).getByLabelText('Role of zoli@demo.example'))).toEqual(
      ['MANAGER', 'WAITER', 'KITCHEN'],
    );
    expect(roles(screen.getByLabelText('Role'))).toEqual(['MANAGER', 'WAITER', 'KITCHEN']);
  });

  it('says what the server refused, in the member’s language', async () => {
    const team = demoTeam('OWNER');
    server.use(
      ...staffServer({ role: 'OWNER' }).handlers,
      ...teamServer(team, { managerOnly: true }).handlers,
    );
    renderApp('/staff/team/en');
    await screen.findByRole('heading', { level: 1, name: 'Team' }, { timeout: 4000 });
    fireEvent.change(within(await row('boss@demo.example')).getByLabelText('Role of boss@demo.example'), {
      target: { value: 'WAITER' },
    });
    fireEvent.click(
      within(await row('boss@demo.example')).getByRole('button', { name: 'Save role boss@demo.example' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Only an owner can change an owner's account.",
    );
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'zoli@demo.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('This e-mail address already has an account.'),
    );
  });

  it('waiters and the kitchen have no team in the navigation, and the screen tells them why', async () => {
    server.use(...staffServer({ role: 'WAITER' }).handlers);
    renderApp('/staff/team/en');
    expect(
      await screen.findByText('Only owners and managers manage the team.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).queryByRole('link', { name: 'Team' })).toBeNull();
  });
});
