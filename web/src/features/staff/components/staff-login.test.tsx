import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { FakeStaffSocket, fakeStaffLivePerTest } from '../testing/fake-staff-socket.ts';
import { staffOrder } from '../testing/staff-fixtures.ts';
import { STAFF_PASSWORD, staffServer } from '../testing/staff-handlers.ts';
import { STAFF_LANGUAGE_STORAGE_KEY } from '../utils/staff-language.ts';

fakeStaffLivePerTest();

async function logIn(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('E-mail address', {}, { timeout: 4000 }), {
    target: { value: email },
  });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('staff log-in', () => {
  it('without a session the board sends to the log-in screen, which comes back to it afterwards', async () => {
    const fake = staffServer({ signedIn: false });
    server.use(...fake.handlers);
    const { router } = renderApp('/staff/tables/en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/login/en'));
    expect(router.state.location.search).toBe('?next=%2Fstaff%2Ftables%2Fen');
    await logIn('anna@demo.example', 'wrong');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Wrong e-mail address or password.',
    );
    await logIn('anna@demo.example', STAFF_PASSWORD);
    expect(await screen.findByRole('heading', { name: 'Tables', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/staff/tables/en');
  });

  it('says when the account is disabled, and passes on the server’s words on too many attempts', async () => {
    server.use(
      ...staffServer({ signedIn: false, loginError: { status: 403, message: 'Account disabled' } }).handlers,
    );
    const first = renderApp('/staff/login/en');
    await logIn('anna@demo.example', STAFF_PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This account is disabled. Ask your manager.',
    );
    first.unmount();
    const limited = 'Too many log-in attempts: please wait a minute and try again';
    server.use(...staffServer({ signedIn: false, loginError: { status: 429, message: limited } }).handlers);
    renderApp('/staff/login/en');
    await logIn('anna@demo.example', STAFF_PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe(`Too many attempts. ${limited}`);
  });

  it('the kitchen lands on its own view and sees no tables or menu in the navigation', async () => {
    server.use(...staffServer({ signedIn: false, role: 'KITCHEN' }).handlers);
    const { router } = renderApp('/staff/login/en');
    await logIn('kitchen@demo.example', STAFF_PASSWORD);
    expect(await screen.findByRole('heading', { name: 'Kitchen', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/staff/kitchen/en');
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Board', 'Kitchen']);
  });

  it('an address without a language opens in the one last used on this device', async () => {
    localStorage.setItem(STAFF_LANGUAGE_STORAGE_KEY, 'de');
    server.use(...staffServer().handlers);
    const { router } = renderApp('/staff/board');
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/board/de'));
    expect(
      await screen.findByRole('heading', { name: 'Bestellungen', level: 1 }, { timeout: 4000 }),
    ).toBeTruthy();
  });

  it('logs out with the CSRF header and an empty JSON body', async () => {
    const fake = staffServer();
    server.use(...fake.handlers);
    const { router } = renderApp('/staff/board/en');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }, { timeout: 4000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/login/en'));
    expect(fake.state.writes).toEqual([
      { method: 'POST', path: '/api/staff/logout', csrf: 'csrf-token-123', body: {} },
    ]);
  });

  it('stops the console before the session ends: a live event during log-out reads no board (no 401)', async () => {
    const fake = staffServer();
    server.use(...fake.handlers);
    // The session ends as the log-out arrives; an order placed at a new table reaches the socket meanwhile.
    server.use(
      http.post('/api/staff/logout', async () => {
        fake.state.signedIn = false;
        const order = staffOrder({ id: 70, visitId: 77, tableId: 7 });
        FakeStaffSocket.latest().send({ type: 'order.placed', cursor: 1, tableId: 7, visitId: 77, order });
        await new Promise((resolve) => setTimeout(resolve, 100));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderApp('/staff/board/en');
    await screen.findByRole('heading', { name: 'Table 1', level: 2 }, { timeout: 4000 });
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    FakeStaffSocket.latest().send({ type: 'ready' });
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/login/en'));
    await screen.findByLabelText('E-mail address');
    expect(FakeStaffSocket.latest().closedWith).toBe(1000);
    expect(fake.state.refusedReads).toEqual([]);
  });
});
