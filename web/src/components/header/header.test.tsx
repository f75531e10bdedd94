import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAIN_IMAGE } from '../../config/constants.ts';
import { beginHydration, endHydration } from '../../lib/hydration.ts';
import { HeaderSlotProvider, useHeaderSlider, useHeaderSliderNode } from '../../providers/header-slot.tsx';
import { LanguageProvider } from '../../providers/language.tsx';
import { RestaurantProvider } from '../../providers/restaurant.tsx';
import { demoRestaurant } from '../../testing/fixtures.ts';
import { renderRoute } from '../../testing/render-app.tsx';
import { RestaurantNotFound } from '../full-screen-message/restaurant-not-found.tsx';
import { Spinner } from '../spinner/spinner.tsx';
import { Header, type HeaderMode } from './header.tsx';

function setWindow(property: 'innerWidth' | 'scrollY', value: number) {
  Object.defineProperty(window, property, { configurable: true, value });
}

function renderHeader(path: string, mode: HeaderMode = 'TITLE') {
  return renderRoute(
    '/:area/:shortName/:lang',
    path,
    <LanguageProvider>
      <RestaurantProvider pending={<Spinner fullScreen />} notFound={<RestaurantNotFound />}>
        <Header mode={mode} slider={<div>Category slider</div>} />
      </RestaurantProvider>
    </LanguageProvider>,
  );
}

afterEach(() => {
  setWindow('innerWidth', 1024);
  setWindow('scrollY', 0);
});

describe('Header (spec §2, §9)', () => {
  it('shows the desktop hero with name, English description and language menu at 850 px and wider', async () => {
    setWindow('innerWidth', 850);
    const { container } = renderHeader('/menu/demo/en');
    expect(await screen.findByRole('heading', { level: 1, name: demoRestaurant.name })).toBeTruthy();
    expect(container.querySelector('[data-header-variant]')?.getAttribute('data-header-variant')).toBe(
      'desktop',
    );
    expect(screen.getByText(demoRestaurant.descriptionEn)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'EN – Language: English' })).toBeTruthy();
  });

  it('shows the Hungarian description in Hungarian', async () => {
    renderHeader('/menu/demo/hu');
    expect(await screen.findByText(demoRestaurant.descriptionHu)).toBeTruthy();
  });

  it('hides the description once scrolled 150 px', async () => {
    renderHeader('/menu/demo/en');
    await screen.findByText(demoRestaurant.descriptionEn);
    act(() => {
      setWindow('scrollY', 149);
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByText(demoRestaurant.descriptionEn)).not.toBeNull();
    act(() => {
      setWindow('scrollY', 150);
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByText(demoRestaurant.descriptionEn)).toBeNull();
  });

  it('falls back to the default main image when the restaurant image fails', async () => {
    const { container } = renderHeader('/menu/demo/en');
    await screen.findByRole('heading', { level: 1 });
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe(demoRestaurant.image);
    if (image) fireEvent.error(image);
    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe(DEFAULT_MAIN_IMAGE));
  });

  // A picture in the server's page can fail before the scripts run: React never sees its error event.
  function serverPicture(naturalWidth: number) {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(naturalWidth);
    beginHydration();
  }

  it("falls back to the default main image when the server's picture failed before the scripts ran", async () => {
    serverPicture(0);
    try {
      const { container } = renderHeader('/menu/demo/en');
      await screen.findByRole('heading', { level: 1 });
      await waitFor(() =>
        expect(container.querySelector('img')?.getAttribute('src')).toBe(DEFAULT_MAIN_IMAGE),
      );
    } finally {
      endHydration();
    }
  });

  it("keeps the server's picture when it has loaded before the scripts ran", async () => {
    serverPicture(1280);
    try {
      const { container } = renderHeader('/menu/demo/en');
      await screen.findByRole('heading', { level: 1 });
      expect(container.querySelector('img')?.getAttribute('src')).toBe(demoRestaurant.image);
    } finally {
      endHydration();
    }
  });

  it('shows the compact mobile bar under 850 px, with the "Powered by" link and no description', async () => {
    setWindow('innerWidth', 849);
    const { container } = renderHeader('/menu/demo/en');
    expect(await screen.findByRole('heading', { level: 1, name: demoRestaurant.name })).toBeTruthy();
    expect(container.querySelector('[data-header-variant]')?.getAttribute('data-header-variant')).toBe(
      'mobile',
    );
    expect(screen.getByRole('link', { name: 'Tablo' }).closest('p')?.textContent).toBe('Powered by Tablo');
    expect(screen.queryByText(demoRestaurant.descriptionEn)).toBeNull();
    // On the menu itself there is nothing to go back to.
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('switches between mobile and desktop when the window is resized', async () => {
    const { container } = renderHeader('/menu/demo/en');
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      setWindow('innerWidth', 390);
      window.dispatchEvent(new Event('resize'));
    });
    expect(container.querySelector('[data-header-variant="mobile"]')).not.toBeNull();
  });

  it('goes back to the menu route from a first page (location key "default")', async () => {
    setWindow('innerWidth', 390);
    const { router } = renderHeader('/table/demo/en');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu/demo/en'));
  });

  it('goes back one step when there is a page to go back to', async () => {
    setWindow('innerWidth', 390);
    const { router } = renderHeader('/order/demo/en');
    await screen.findByRole('heading', { level: 1 });
    await act(() => router.navigate('/table/demo/en'));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    // The page it came from, not the menu.
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/demo/en'));
  });

  it('shows the title only in TITLE mode and the slider in SLIDER mode', async () => {
    const title = renderHeader('/menu/demo/en', 'TITLE');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Category slider')).toBeNull();
    title.unmount();
    renderHeader('/menu/demo/en', 'SLIDER');
    expect(await screen.findByText('Category slider')).toBeTruthy();
  });
});

function SliderScreen() {
  useHeaderSlider(<div>Registered slider</div>);
  return null;
}

function SlotHeader() {
  const slider = useHeaderSliderNode();
  return <Header mode={slider ? 'SLIDER' : 'TITLE'} slider={slider} />;
}

describe('header slot', () => {
  it('puts the slider a screen registers into the header', async () => {
    const { container } = renderRoute(
      '/:area/:shortName/:lang',
      '/menu/demo/en',
      <LanguageProvider>
        <RestaurantProvider pending={<Spinner fullScreen />} notFound={<RestaurantNotFound />}>
          <HeaderSlotProvider>
            <SlotHeader />
            <SliderScreen />
          </HeaderSlotProvider>
        </RestaurantProvider>
      </LanguageProvider>,
    );
    expect(await screen.findByText('Registered slider')).toBeTruthy();
    expect(container.querySelector('[data-header-mode]')?.getAttribute('data-header-mode')).toBe('SLIDER');
  });
});
