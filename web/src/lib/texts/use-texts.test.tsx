import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import type { ReadTexts, TextBundle } from './read-texts.ts';
import { Texts } from './texts.ts';
import { TextsProvider, useTranslation } from './use-texts.tsx';

/** A reader whose reads the test answers by hand. */
function manualReader() {
  const reads = new Map<string, (texts: TextBundle | undefined) => void>();
  const read: ReadTexts = (language, namespace) =>
    new Promise((resolve) => reads.set(`${language}/${namespace}`, resolve));
  const answer = async (file: string, texts: TextBundle | undefined) => {
    await act(async () => reads.get(file)?.(texts));
  };
  return { read, answer };
}

function Title() {
  const { t } = useTranslation('menu');
  return <h1>{t('title')}</h1>;
}

function Status() {
  const { t } = useTranslation('common', { useSuspense: false });
  return <p>{t('loading', { defaultValue: 'Loading…' })}</p>;
}

describe('useTranslation', () => {
  it('suspends until the namespace is loaded in the language and English', async () => {
    const { read, answer } = manualReader();
    render(
      <TextsProvider texts={new Texts('hu', {}, read)}>
        <Suspense fallback={<p>waiting</p>}>
          <Title />
        </Suspense>
      </TextsProvider>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    await answer('hu/menu', { title: 'Étlap' });
    await answer('en/menu', { title: 'Menu' });
    expect(await screen.findByRole('heading', { name: 'Étlap' })).toBeTruthy();
  });

  it('with useSuspense false, shows the default at once and the text once loaded', async () => {
    const { read, answer } = manualReader();
    render(
      <TextsProvider texts={new Texts('de', {}, read)}>
        <Status />
      </TextsProvider>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    await answer('de/common', { loading: 'Lädt…' });
    await answer('en/common', undefined);
    expect(await screen.findByText('Lädt…')).toBeTruthy();
  });

  it('shows the new language’s texts after a language change', async () => {
    const texts = new Texts('en', { en: { menu: { title: 'Menu' } }, fr: { menu: { title: 'Carte' } } });
    render(
      <TextsProvider texts={texts}>
        <Title />
      </TextsProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Menu');
    await act(() => texts.changeLanguage('fr'));
    expect(screen.getByRole('heading').textContent).toBe('Carte');
  });
});
