import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app.tsx';

describe('router', () => {
  it('redirects / to /hu, replacing the history entry (spec §2)', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/hu'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('shows "Unexpected Application Error!" with a way back for a path no route matches', async () => {
    renderApp('/no/such/page/at/all/here');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /back/i }).getAttribute('href')).toBe('/');
  });
});
