import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';

describe('landing page (spec §1)', () => {
  it('links to sign-up and log-in (Tablo’s own screens by default), with the language', async () => {
    renderApp('/de');
    expect((await screen.findByRole('link', { name: 'Registrieren' })).getAttribute('href')).toBe(
      'http://localhost:5173/register?lang=de',
    );
    expect(screen.getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe(
      'http://localhost:5173/login?lang=de',
    );
  });

  it('has the reasons and features sections, and a footer with social, terms and privacy links', async () => {
    renderApp('/en');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Why restaurants choose Tablo' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Everything in one place' })).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelector('a[href*="facebook"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toContain(
      'lang=en',
    );
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toContain(
      '/privacy?lang=en',
    );
    expect(screen.getByRole('main')).toBeTruthy();
  });
});
