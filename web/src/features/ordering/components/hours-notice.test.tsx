import { RestaurantSchema } from '@tablo/contract/restaurant';
import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../../config/constants.ts';
import { DEMO_SESSION_ID, demoRestaurant } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { setLiveSocketFactory } from '../hooks/use-table-live.ts';
import { FakeWebSocket, orderingServer } from '../testing/ordering-fixtures.ts';

/**
 * Issue 28 on the diner's order page: outside the opening hours the menu stays readable, the notice says when
 * ordering opens, and there is no "Add" and no cart; at the closing time the page closes by itself. Only the
 * date is faked (timers run as they do): Monday 23 March 2026 in Budapest (UTC+1), hours 11:00–22:00.
 */
const withHours = RestaurantSchema.parse({
  ...demoRestaurant,
  hours: {
    timeZone: 'Europe/Budapest',
    spans: [
      { weekday: 1, opens: 660, closes: 1320 },
      { weekday: 2, opens: 660, closes: 1320 },
    ],
    closedDays: [],
  },
});

beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, 'yes');
  FakeWebSocket.all = [];
  setLiveSocketFactory((url) => new FakeWebSocket(url));
  vi.useFakeTimers({ toFake: ['Date'] });
  server.use(http.get('/api/restaurant/one/demo', () => HttpResponse.json(withHours)));
});
afterEach(() => {
  vi.useRealTimers();
  setLiveSocketFactory(undefined);
});

function useOrderingServer(options?: Parameters<typeof orderingServer>[0]) {
  const fake = orderingServer(options);
  server.use(...fake.handlers);
  server.use(http.get('/api/restaurant/one/demo', () => HttpResponse.json(withHours)));
  return fake;
}

const addGoulash = () =>
  screen.findByRole('button', { name: 'Add Goulash soup to the cart' }, { timeout: 4000 });

describe('the opening hours on the order page', () => {
  it('outside the hours: the menu is readable, the notice says when ordering opens, nothing can be added', async () => {
    vi.setSystemTime(new Date('2026-03-23T22:30:00+01:00'));
    useOrderingServer();
    const { container } = renderApp('/order/demo/1/en?t=tok12345');
    const notice = await waitFor(
      () => {
        const element = container.querySelector<HTMLElement>('[data-ordering-notice="hours"]');
        expect(element).not.toBeNull();
        return element as HTMLElement;
      },
      { timeout: 4000 },
    );
    expect(within(notice).getByText('Ordering is closed now. It opens on Tuesday at 11:00.')).toBeTruthy();
    expect(within(notice).getByText(/You can still browse the menu/)).toBeTruthy();
    expect(notice.getAttribute('role')).toBe('status');
    expect(await screen.findByRole('heading', { name: 'Goulash soup' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /to the cart/ })).toBeNull();
  });

  it('says it in the page’s language', async () => {
    vi.setSystemTime(new Date('2026-03-23T09:00:00+01:00'));
    useOrderingServer();
    renderApp('/order/demo/1/hu?t=tok12345');
    expect(
      await screen.findByText('Most nem lehet rendelni. A rendelés 11:00-kor nyílik.', undefined, {
        timeout: 4000,
      }),
    ).toBeTruthy();
  });

  it('open: no notice and the Add buttons; at the closing time the page closes by itself', async () => {
    vi.setSystemTime(new Date('2026-03-23T21:59:59+01:00'));
    useOrderingServer();
    const { container } = renderApp('/order/demo/1/en?t=tok12345');
    fireEvent.click(await addGoulash());
    expect(await screen.findByRole('button', { name: /View cart/ })).toBeTruthy();
    expect(container.querySelector('[data-ordering-notice="hours"]')).toBeNull();
    // 22:00: the page reads the clock again at the closing instant (the next reading here within a second).
    vi.setSystemTime(new Date('2026-03-23T22:00:01+01:00'));
    expect(
      await screen.findByText('Ordering is closed now. It opens on Tuesday at 11:00.', undefined, {
        timeout: 4000,
      }),
    ).toBeTruthy();
    // The notice tells the ordering provider after it is drawn (an effect): the Add buttons go a render later.
    await waitFor(() => expect(screen.queryByRole('button', { name: /to the cart/ })).toBeNull());
    expect(screen.queryByRole('button', { name: /View cart/ })).toBeNull();
  });

  it('an order the server refuses as outside the hours shows its sentence; the request names the page’s language', async () => {
    vi.setSystemTime(new Date('2026-03-23T21:00:00+01:00'));
    const fake = useOrderingServer();
    const languages: (string | null)[] = [];
    server.use(
      http.post('/api/orders', ({ request }) => {
        languages.push(request.headers.get('accept-language'));
        return HttpResponse.json(
          {
            statusCode: 409,
            error: 'Conflict',
            message:
              'Bestellen ist gerade nicht möglich. Bestellungen sind wieder möglich: Dienstag, 11:00 Uhr.',
            code: 'ordering_closed',
            opensAt: '2026-03-24T10:00:00.000Z',
          },
          { status: 409 },
        );
      }),
    );
    renderApp('/order/demo/1/de?t=tok12345');
    fireEvent.click(
      await screen.findByRole('button', { name: /^Goulash soup.*Warenkorb/ }, { timeout: 4000 }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /Warenkorb ansehen/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Weiter' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Bestellung aufgeben' }));
    expect(
      await screen.findByText(/Bestellungen sind wieder möglich: Dienstag, 11:00 Uhr\./, undefined, {
        timeout: 4000,
      }),
    ).toBeTruthy();
    expect(languages).toEqual(['de']);
    expect(fake.state.orderRequests).toHaveLength(0);
  });
});
