import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { demoMenuRestaurant } from '../testing/fixtures.ts';
import { renderApp } from '../testing/render-app.tsx';
import { server } from '../testing/server.ts';
import { restaurantQueryOptions } from './restaurant.tsx';

describe('restaurant provider (spec §2, §4, §8)', () => {
  it('shows the full-screen not-found message for an unknown restaurant', async () => {
    renderApp('/table/nowhere/1/en');
    expect(await screen.findByRole('heading', { name: 'Restaurant not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/en');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows the same screen for a restaurant that is not enabled', async () => {
    renderApp('/terms-and-conditions/demo-closed/1/hu');
    expect(await screen.findByRole('heading', { name: 'Az étterem nem található' })).toBeTruthy();
  });

  it('renders the restaurant, with the table parsed as an integer from the route', async () => {
    renderApp('/table/demo-menu/2abc/en');
    expect(await screen.findByRole('heading', { level: 1, name: demoMenuRestaurant.name })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'My Table · Table 2' })).toBeTruthy();
  });

  it('keeps a restaurant on screen when a later reload fails, and shows not-found only when it is gone', async () => {
    const { queryClient } = renderApp('/table/demo-menu/2/en');
    expect(await screen.findByRole('heading', { level: 1, name: demoMenuRestaurant.name })).toBeTruthy();
    const key = restaurantQueryOptions('demo-menu').queryKey;

    server.use(
      http.get('/api/restaurant/one/:shortName', () =>
        HttpResponse.json({ message: 'The server is shutting down' }, { status: 503 }),
      ),
    );
    await act(() => queryClient.refetchQueries({ queryKey: key }));
    expect(queryClient.getQueryState(key)?.status).toBe('error');
    expect(screen.getByRole('heading', { level: 1, name: demoMenuRestaurant.name })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Restaurant not found' })).toBeNull();

    server.use(
      http.get('/api/restaurant/one/:shortName', () =>
        HttpResponse.json({ message: 'Restaurant not found' }, { status: 404 }),
      ),
    );
    await act(() => queryClient.refetchQueries({ queryKey: key }));
    expect(await screen.findByRole('heading', { name: 'Restaurant not found' })).toBeTruthy();
  });
});
