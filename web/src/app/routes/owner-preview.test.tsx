import { ErrorBodySchema } from '@tablo/contract/errors';
import { MenuSchema } from '@tablo/contract/menu';
import { RestaurantSchema } from '@tablo/contract/restaurant';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMenuFixture } from '../../features/menu/testing/menu-fixture.ts';
import { demoClosedRestaurant } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';

/**
 * The owner's preview on the diner's menu route (docs/decisions/069-owner-preview.md): a restaurant that is
 * not open (demo-closed) shows its menu under a banner only when the staff preview route answers; the public
 * answers are asked for as always, and everyone the preview route refuses gets today's not-found screen.
 */

const PREVIEW_ROUTE = '/api/staff/menu-preview/:shortName';

/** The preview route as the server answers it, counting its calls. */
function previewAnswers(status: 200 | 401 | 403 | 404 = 200) {
  const calls: string[] = [];
  const handler = http.get(PREVIEW_ROUTE, ({ params }) => {
    calls.push(String(params.shortName));
    if (status === 200) return HttpResponse.json(MenuSchema.parse(buildMenuFixture()));
    return HttpResponse.json(
      ErrorBodySchema.parse({ statusCode: status, error: 'Refused', message: 'Not for you' }),
      { status },
    );
  });
  // The guests' menu of a restaurant that is not open: 404, as the server answers it.
  const publicMenu = http.get('/api/menu/current/:shortName', () =>
    HttpResponse.json(
      ErrorBodySchema.parse({
        statusCode: 404,
        error: 'Not Found',
        message: 'The restaurant is not available',
      }),
      { status: 404 },
    ),
  );
  server.use(handler, publicMenu);
  return calls;
}

/** demo-closed with a phone number: the contact below the menu shows in the preview as for guests. */
function withPhone() {
  server.use(
    http.get('/api/restaurant/one/demo-closed', () =>
      HttpResponse.json(RestaurantSchema.parse({ ...demoClosedRestaurant, phone: '+36 1 234 5678' })),
    ),
  );
}

function banner(): HTMLElement {
  return screen.getByRole('complementary', { name: /Guests cannot see this menu yet/ });
}

describe('the owner’s preview of a restaurant not open yet', () => {
  it('shows the menu under a banner that says guests cannot see it, with the way back to the set-up', async () => {
    const calls = previewAnswers();
    withPhone();
    renderApp('/menu/demo-closed/en?preview');
    expect(await screen.findByRole('heading', { level: 2, name: 'Soups' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Demo Closed' })).toBeTruthy();
    expect(await screen.findByText('+36 1 234 5678')).toBeTruthy();
    expect(await screen.findByText('Preview')).toBeTruthy();
    expect(banner().textContent).toContain('nobody can order or rate');
    expect(within(banner()).getByRole('link', { name: 'Back to set-up' }).getAttribute('href')).toBe(
      '/staff/setup/en',
    );
    expect(calls).toEqual(['demo-closed']);
    // No ordering session is asked for (an unhandled /api/order/uuid would fail the test) and no rating buttons.
    expect(screen.queryByRole('button', { name: /like/i })).toBeNull();
  });

  it('keeps the preview in another language, banner included', async () => {
    previewAnswers();
    const { router } = renderApp('/menu/demo-closed/en?preview');
    await screen.findByText('Back to set-up', {}, { timeout: 4000 });
    await userEvent.click(
      screen.getAllByRole('button', { name: 'EN – Language: English' })[0] as HTMLElement,
    );
    await userEvent.click(screen.getByRole('option', { name: 'Deutsch' }));
    expect(router.state.location.search).toBe('?preview');
    expect(
      await screen.findByRole('complementary', { name: /Gäste sehen diese Speisekarte noch nicht/ }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zur Einrichtung' }).getAttribute('href')).toBe(
      '/staff/setup/de',
    );
  });

  it.each([401, 403, 404] as const)('a refused preview (%i) is today’s not-found screen', async (status) => {
    const calls = previewAnswers(status);
    renderApp('/menu/demo-closed/en?preview');
    expect(
      await screen.findByRole('heading', { name: 'Restaurant not found' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(calls).toEqual(['demo-closed']);
  });

  it('without ?preview the closed restaurant is not found, and the preview route is not asked', async () => {
    const calls = previewAnswers();
    renderApp('/menu/demo-closed/en');
    expect(
      await screen.findByRole('heading', { name: 'Restaurant not found' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('an open restaurant with ?preview is simply its menu: no banner, no preview request', async () => {
    const calls = previewAnswers();
    server.use(
      http.get('/api/menu/current/:shortName', () => HttpResponse.json(MenuSchema.parse(buildMenuFixture()))),
    );
    renderApp('/menu/demo-menu/en?preview');
    expect(await screen.findByRole('heading', { level: 2, name: 'Soups' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: /Guests cannot see/ })).toBeNull();
    expect(calls).toEqual([]);
  });
});
