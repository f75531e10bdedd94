import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextsProvider } from '../../lib/texts/use-texts.tsx';
import { createTestTexts } from '../../testing/texts.ts';
import { AllergenList } from './allergen-list.tsx';

function renderList(language: 'hu' | 'en', withNames = false) {
  return render(
    <TextsProvider texts={createTestTexts(language)}>
      <AllergenList
        allergens={[{ type: 'VEGAN' }, { type: 'MILK' }, { type: 'GLUTEN' }, { type: 'SULPHUR_DIOXIDE' }]}
        withNames={withNames}
      />
    </TextsProvider>,
  );
}

describe('AllergenList', () => {
  it('shows the badges in the specification’s display order, each named in the current language', () => {
    renderList('hu');
    const list = screen.getByRole('list', { name: 'Allergének' });
    const names = within(list)
      .getAllByRole('img')
      .map((badge) => badge.getAttribute('alt'));
    expect(names).toEqual(['Glutén', 'Tej', 'Kén-dioxid és szulfitok', 'Vegán']);
  });

  it('names each allergen beside its badge in the legend', () => {
    renderList('en', true);
    expect(screen.getByText('Sulphur dioxide and sulphites', { selector: 'span' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Vegan' }).getAttribute('data-allergen')).toBe('VEGAN');
  });

  it('draws each badge as its own picture file, with its name as the pointer tooltip', () => {
    renderList('en');
    const milk = screen.getByRole('img', { name: 'Milk' });
    expect(milk.getAttribute('src')).toMatch(/\/MILK[^/]*\.webp(\?[^/]*)?$/);
    expect(milk.getAttribute('title')).toBe('Milk');
    expect(milk.getAttribute('width')).toBe('22');
  });

  it('renders nothing without allergens', () => {
    const { container } = render(
      <TextsProvider texts={createTestTexts('en')}>
        <AllergenList allergens={[]} />
      </TextsProvider>,
    );
    expect(container.innerHTML).toBe('');
  });
});
