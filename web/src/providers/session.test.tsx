import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { screen, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { RestaurantNotFound } from '../components/full-screen-message/restaurant-not-found.tsx';
import { Spinner } from '../components/spinner/spinner.tsx';
import { GUIDE_SEEN_STORAGE_KEY } from '../config/constants.ts';
import { DEMO_SESSION_ID } from '../testing/fixtures.ts';
import { renderApp, renderRoute } from '../testing/render-app.tsx';
import { handlers, server } from '../testing/server.ts';
import { LanguageProvider } from './language.tsx';
import { RestaurantProvider } from './restaurant.tsx';
import { SessionProvider, useSession } from './session.tsx';

function SessionProbe() {
  const session = useSession();
  return <output data-testid="session">{JSON.stringify(session)}</output>;
}

function renderSession(shortName: string) {
  return renderRoute(
    '/s/:shortName/:lang',
    `/s/${shortName}/en`,
    <LanguageProvider>
      <RestaurantProvider pending={<Spinner fullScreen />} notFound={<RestaurantNotFound />}>
        <SessionProvider>
          <SessionProbe />
        </SessionProvider>
      </RestaurantProvider>
    </LanguageProvider>,
  );
}

describe('session provider (spec §4)', () => {
  it('reuses the session id stored on the device without asking for a new one', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
    renderSession('demo');
    // No uuid handler is registered: a request would fail the test.
    expect(JSON.parse((await screen.findByTestId('session')).textContent ?? '')).toEqual({
      sessionId: DEMO_SESSION_ID,
      isLoaded: true,
      isActive: true,
    });
  });

  it('requests a session id when there is none, and stores it', async () => {
    const fresh = '9f1c2a7e-4b7d-4f7e-9a53-0e1f6f1d2c3b';
    server.use(handlers.sessionUuid(fresh));
    renderSession('demo');
    await waitFor(() => expect(screen.getByTestId('session').textContent).toContain(fresh));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe(fresh);
  });

  it('is inactive without a request when the restaurant has no ordering', async () => {
    renderSession('demo-menu');
    expect(JSON.parse((await screen.findByTestId('session')).textContent ?? '')).toEqual({
      sessionId: null,
      isLoaded: true,
      isActive: false,
    });
  });

  it('shows the fatal error toast when no session id can be obtained (spec §8)', async () => {
    server.use(handlers.sessionUuidFailure());
    localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, 'yes');
    renderApp('/table/demo/1/en');
    expect(await screen.findByText('Fatal error: failed to iniate ordering process')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: /My Table/ })).toBeTruthy();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('renders nothing under it until the session state is loaded (spec §4)', async () => {
    const fresh = '3c2b1a0f-9e8d-4c7b-a6f5-e4d3c2b1a0f9';
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('/api/order/uuid', async () => {
        await answered;
        return HttpResponse.json({ uuid: fresh });
      }),
    );
    renderSession('demo');
    // The restaurant has answered (its spinner is gone); the session request has not.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 4000 });
    await delay(100);
    expect(screen.queryByTestId('session')).toBeNull();
    answer();
    expect(JSON.parse((await screen.findByTestId('session')).textContent ?? '')).toEqual({
      sessionId: fresh,
      isLoaded: true,
      isActive: true,
    });
  });
});
