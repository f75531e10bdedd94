import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { SOUND_STORAGE_KEY } from '../hooks/use-sound.ts';
import { setStaffSocketFactory } from '../hooks/use-staff-live.ts';
import { setChimeContextFactory } from '../sound/chime.ts';
import { fakeAudioContext } from '../testing/fake-audio.ts';
import { FakeStaffSocket } from '../testing/fake-staff-socket.ts';
import { staffServer } from '../testing/staff-handlers.ts';

// Issue 24: the console's frame — its header, its sound control, an address it does not know.

let audio: ReturnType<typeof fakeAudioContext>;
beforeEach(() => {
  FakeStaffSocket.all = [];
  setStaffSocketFactory((url) => new FakeStaffSocket(url));
  audio = fakeAudioContext('running');
  setChimeContextFactory(() => audio.context);
});
afterEach(() => {
  setStaffSocketFactory(undefined);
  setChimeContextFactory(undefined);
});

function serveStaff(options?: Parameters<typeof staffServer>[0]) {
  const fake = staffServer(options);
  server.use(...fake.handlers);
  return fake;
}

async function header() {
  await screen.findByRole('navigation', { name: 'Staff console' }, { timeout: 4000 });
  // The live channel has started (on the test's socket, not a real one).
  await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
  return screen.getByRole('banner');
}

describe('console header', () => {
  it('names the restaurant by its name, not its short name', async () => {
    serveStaff();
    renderApp('/staff/board/en');
    const banner = await header();
    expect(within(banner).getByText(/Paprika Bistro/).textContent).toBe(
      'Paprika Bistro · anna@demo.example · Manager',
    );
  });
});

describe('sound', () => {
  it('is one toggle: pressed while the chime will sound, even under the autoplay rule', async () => {
    audio = fakeAudioContext('suspended');
    serveStaff();
    renderApp('/staff/board/en');
    const banner = await header();
    const sound = () => within(banner).getAllByRole('button', { name: /sound/i });
    // Held back by the browser: the one control reads "not pressed" until a press lets it play.
    await waitFor(() => expect(sound()).toHaveLength(1));
    expect(sound()[0]?.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(sound()[0] as HTMLElement);
    await waitFor(() => expect(sound()[0]?.getAttribute('aria-pressed')).toBe('true'));
    expect(audio.raw.state).toBe('running');
    expect(sound()).toHaveLength(1);
    // Off: not pressed, and the choice is kept on the device.
    fireEvent.click(sound()[0] as HTMLElement);
    expect(sound()[0]?.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(SOUND_STORAGE_KEY)).toBe('off');
    fireEvent.click(sound()[0] as HTMLElement);
    expect(sound()[0]?.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(SOUND_STORAGE_KEY)).toBe('on');
  });
});

describe('an address the console does not know', () => {
  it('shows the console’s own not-found screen with a way back to the board', async () => {
    serveStaff();
    const { router } = renderApp('/staff/reports/en');
    expect(
      await screen.findByRole('heading', { name: 'This page does not exist', level: 1 }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    // The console around it stays: its navigation, and a link straight back.
    expect(screen.getByRole('navigation', { name: 'Staff console' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to the board' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/board/en'));
  });

  it('in the address’s language, deeper paths too', async () => {
    serveStaff();
    renderApp('/staff/board/extra/de');
    expect(
      await screen.findByRole('heading', { name: 'Diese Seite gibt es nicht', level: 1 }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Zurück zu den Bestellungen' }).getAttribute('href')).toBe(
      '/staff/board/de',
    );
  });
});

describe('label in name (WCAG 2.5.3)', () => {
  /** What a voice-control user says is what they see: every button's name holds its visible text. */
  function mismatched(root: HTMLElement): string[] {
    return within(root)
      .getAllByRole('button')
      .filter((button) => {
        const visible = (button.textContent ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
        const name = (button.getAttribute('aria-label') ?? visible).replace(/\s+/g, ' ').toLowerCase();
        return visible !== '' && !name.includes(visible);
      })
      .map((button) => `${button.textContent} ≠ ${button.getAttribute('aria-label')}`);
  }

  it('the menu screen’s sold-out and available buttons', async () => {
    serveStaff();
    renderApp('/staff/menu/en');
    await screen.findByRole('heading', { name: 'Menu availability', level: 1 }, { timeout: 4000 });
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    // Issue 28: each dish has "Mark sold out" and "Sold out for today".
    const buttons = await screen.findAllByRole('button', { name: /Goulash soup/ });
    expect(buttons).toHaveLength(2);
    expect(mismatched(document.body)).toEqual([]);
  });
});
