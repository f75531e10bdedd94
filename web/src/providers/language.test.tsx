import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app.tsx';
import { handlers, server } from '../testing/server.ts';
import { replaceLanguageSegment } from './language.tsx';

describe('language layout (spec §2, §5)', () => {
  it('applies a supported lang in any case and sets <html lang> to its BCP 47 tag', async () => {
    const { texts } = renderApp('/CZ');
    await screen.findByRole('heading', { level: 1 });
    expect(texts.language).toBe('cz');
    expect(document.documentElement.lang).toBe('cs');
  });

  it('leaves <html lang> untouched when it is right already (a server-rendered page)', async () => {
    document.documentElement.lang = 'de';
    const writes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => writes.push(...records));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    const { texts } = renderApp('/de');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(texts.language).toBe('de'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(writes.concat(observer.takeRecords())).toEqual([]);
  });

  it('applies Hungarian for an unsupported lang and leaves the URL as it is', async () => {
    const { texts, router } = renderApp('/xx');
    await screen.findByRole('link', { name: 'Regisztráció' });
    expect(texts.language).toBe('hu');
    expect(document.documentElement.lang).toBe('hu');
    expect(router.state.location.pathname).toBe('/xx');
  });

  it('applies Hungarian when the lang segment is missing', async () => {
    server.use(handlers.sessionUuid(), handlers.joinTableRefused());
    const { texts } = renderApp('/table/demo/1');
    await screen.findByRole('heading', { name: /Asztalom/ });
    expect(texts.language).toBe('hu');
  });

  it('rewrites the lang segment when a language is picked, without a reload', async () => {
    const { router } = renderApp('/en?from=qr');
    fireEvent.click(await screen.findByRole('button', { name: 'EN – Language: English' }));
    fireEvent.click(screen.getByRole('option', { name: 'Deutsch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de'));
    expect(router.state.location.search).toBe('?from=qr');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
  });

  it('works the picker with the keyboard', async () => {
    const { router } = renderApp('/en');
    const button = await screen.findByRole('button', { name: 'EN – Language: English' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const list = screen.getByRole('listbox');
    await waitFor(() => expect(document.activeElement).toBe(list));
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sk'));
    // The label is in the new language now ("Jazyk: Slovenský"); focus is back on the picker's button.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /: Slovenský$/ })),
    );
  });
});

describe('replaceLanguageSegment', () => {
  it('replaces the last segment when it is the current lang', () => {
    expect(replaceLanguageSegment('/menu/demo/HU', 'HU', 'en')).toBe('/menu/demo/en');
    expect(replaceLanguageSegment('/order/demo/3/xx/', 'xx', 'de')).toBe('/order/demo/3/de');
    expect(replaceLanguageSegment('/en', 'en', 'hu')).toBe('/hu');
  });

  it('appends the lang when the route has none', () => {
    expect(replaceLanguageSegment('/table/demo/3', undefined, 'fr')).toBe('/table/demo/3/fr');
  });
});
