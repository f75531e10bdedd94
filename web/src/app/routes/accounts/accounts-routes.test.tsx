import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accountsServer,
  EXPIRED_TOKEN,
  GOOD_TOKEN,
  USED_TOKEN,
} from '../../../features/accounts/testing/accounts-handlers.ts';
import { fakeStaffLivePerTest } from '../../../features/staff/testing/fake-staff-socket.ts';
import { staffServer } from '../../../features/staff/testing/staff-handlers.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';

fakeStaffLivePerTest();

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the landing page’s links', () => {
  it('/register?lang=de opens the sign-up in German, /login?lang=en the staff log-in in English', async () => {
    server.use(...accountsServer().handlers);
    const register = renderApp('/register?lang=de');
    await waitFor(() => expect(register.router.state.location.pathname).toBe('/register/de'));
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Registrieren Sie Ihr Restaurant' },
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    register.unmount();
    const login = renderApp('/login?lang=en');
    await waitFor(() => expect(login.router.state.location.pathname).toBe('/staff/login/en'));
  });
});

describe('sign-up', () => {
  it('suggests the short name from the name, checks it as typed, and signs in to the console', async () => {
    const api = accountsServer({ takenShortNames: ['napfeny'] });
    server.use(...api.handlers, ...staffServer({ role: 'OWNER' }).handlers);
    const { router } = renderApp('/register/en');
    await screen.findByRole('heading', { level: 1, name: 'Sign up your restaurant' }, { timeout: 4000 });

    type('Restaurant name', 'Napfény');
    expect(screen.getByLabelText<HTMLInputElement>('Short name').value).toBe('napfeny');
    expect(await screen.findByText('“napfeny” is taken: choose another.')).toBeTruthy();
    type('Short name', 'napfeny-bisztro');
    expect(await screen.findByText('“napfeny-bisztro” is free.')).toBeTruthy();
    type('Short name', 'Bad name');
    expect(screen.getByLabelText<HTMLInputElement>('Short name').value).toBe('bad name');
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(
      'Use lowercase letters, digits and hyphens only; no hyphen at the start or end.',
    );
    type('Short name', 'napfeny-bisztro');
    // Editing the name no longer overwrites a short name the owner typed.
    type('Restaurant name', 'Napfény Bisztró');
    expect(screen.getByLabelText<HTMLInputElement>('Short name').value).toBe('napfeny-bisztro');

    type('E-mail address', 'owner@napfeny.test');
    type('Password', 'a long owner password');
    fireEvent.click(screen.getByRole('button', { name: 'Create my restaurant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/board/en'));
    expect(api.requests.find((r) => r.path === '/api/accounts/sign-up')?.body).toEqual({
      restaurantName: 'Napfény Bisztró',
      shortName: 'napfeny-bisztro',
      email: 'owner@napfeny.test',
      password: 'a long owner password',
      language: 'en',
    });
    // The console reads the new member and shows the owner's screens, the team among them.
    const nav = await screen.findByRole('navigation', { name: 'Staff console' }, { timeout: 4000 });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toContain('Team');
  });

  it('names each missing field and moves the focus to the first; a taken address or short name from the server shows at its field', async () => {
    const api = accountsServer({ takenEmails: ['taken@napfeny.test'] });
    server.use(...api.handlers);
    renderApp('/register/en');
    fireEvent.click(await screen.findByRole('button', { name: 'Create my restaurant' }, { timeout: 4000 }));
    expect(screen.getAllByText('Fill in this field.')).toHaveLength(2);
    expect(screen.getByText('Enter an e-mail address such as name@example.com.')).toBeTruthy();
    expect(screen.getByText('The password needs at least 10 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Restaurant name'));
    expect(screen.getByLabelText('Restaurant name').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.filter((r) => r.path === '/api/accounts/sign-up')).toEqual([]);

    type('Restaurant name', 'Kis Bisztró');
    await screen.findByText('“kis-bisztro” is free.');
    type('E-mail address', 'taken@napfeny.test');
    type('Password', 'a long owner password');
    fireEvent.click(screen.getByRole('button', { name: 'Create my restaurant' }));
    expect(
      await screen.findByText(
        'An account with this e-mail address already exists. Log in, or reset your password.',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail address'));
  });
});

describe('a forgotten password', () => {
  it('the log-in screen leads to it; the reset link is asked for in the screen’s language', async () => {
    const api = accountsServer();
    server.use(...api.handlers, ...staffServer({ signedIn: false }).handlers);
    const { router } = renderApp('/staff/login/en');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }, { timeout: 4000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/forgot-password/en'));
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }, { timeout: 4000 });
    type('E-mail address', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByText('Enter an e-mail address such as name@example.com.')).toBeTruthy();
    type('E-mail address', 'anna@demo.example');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If anna@demo.example has an account, a link is on its way. It works once, for one hour.',
    );
    expect(api.requests.at(-1)).toEqual({
      path: '/api/accounts/password-reset',
      body: { email: 'anna@demo.example', language: 'en' },
    });
  });

  it('the mailed link sets a new password; an expired or used link says so and offers a new one', async () => {
    const api = accountsServer();
    server.use(...api.handlers);
    const first = renderApp(`/account/reset-password/en?token=${GOOD_TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' }, { timeout: 4000 });
    type('New password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(screen.getByText('The password needs at least 10 characters.')).toBeTruthy();
    type('New password', 'a brand new password');
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your new password is set, and you are logged out everywhere else. Log in with it.',
    );
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/staff/login/en');
    first.unmount();

    for (const [token, text] of [
      [EXPIRED_TOKEN, 'This link has expired. Ask for a new one.'],
      [USED_TOKEN, 'This link has already been used.'],
    ]) {
      const view = renderApp(`/account/reset-password/en?token=${token}`);
      await screen.findByLabelText('New password', {}, { timeout: 4000 });
      type('New password', 'a brand new password');
      fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
        '/account/forgot-password/en',
      );
      view.unmount();
    }
  });
});

describe('the confirmation and invitation links', () => {
  it('confirms the address on opening; a second opening is told the link was used', async () => {
    server.use(...accountsServer().handlers);
    const first = renderApp(`/account/confirm-email/en?token=${GOOD_TOKEN}`);
    expect(
      (
        await screen.findByText('Thank you: owner@napfeny.test is confirmed.', {}, { timeout: 4000 })
      ).getAttribute('role'),
    ).toBe('status');
    first.unmount();
    renderApp(`/account/confirm-email/en?token=${USED_TOKEN}`);
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      'This link has already been used.',
    );
  });

  it('shows whom the invitation is from; the invitee sets a password and lands in the console', async () => {
    const api = accountsServer();
    server.use(...api.handlers, ...staffServer({ role: 'WAITER' }).handlers);
    const { router } = renderApp(`/account/invitation/hu?token=${GOOD_TOKEN}`);
    expect(
      await screen.findByText(
        'A(z) Napfény Bisztró meghívja a(z) zoli@napfeny.test címet ebben a szerepkörben: pincér. A csatlakozáshoz válasszon jelszót.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    type('Új jelszó', 'the invitee password');
    fireEvent.click(screen.getByRole('button', { name: 'Csatlakozom' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/board/hu'));
    // The console has read the new member (its navigation follows the role) before the test ends: a read
    // still under way would reach the next test's handlers.
    await screen.findByRole('navigation', { name: 'Személyzeti felület' }, { timeout: 4000 });
    expect(api.requests.at(-1)).toEqual({
      path: '/api/accounts/invitation/accept',
      body: { token: GOOD_TOKEN, password: 'the invitee password' },
    });
  });

  it('a link whose token was cut off says so without asking the server', async () => {
    const api = accountsServer();
    server.use(...api.handlers);
    renderApp('/account/invitation/en?token=abc');
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      'This link is incomplete: open it from the e-mail again.',
    );
    expect(api.requests).toEqual([]);
  });
});
