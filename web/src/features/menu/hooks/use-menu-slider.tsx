import type { MenuCategory } from '@tablo/contract/menu';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useHeaderSlider } from '../../../app/providers/header-slot.tsx';
import { useLanguage } from '../../../app/providers/language.tsx';
import { CategorySlider } from '../components/category-slider.tsx';
import { categorySectionId } from '../constants.ts';
import { useActiveCategory } from './use-active-category.ts';

/**
 * Puts the category slider in the header (SLIDER mode). It lists every category, so it stays put while the
 * diner types a search; choosing a category the search has hidden clears the search, then scrolls to it.
 */
export function useMenuSlider(
  categories: readonly MenuCategory[],
  shownCategories: readonly MenuCategory[],
  clearSearch: () => void,
) {
  const { language } = useLanguage();
  const { activeId, selectCategory } = useActiveCategory(shownCategories.map((category) => category.id));
  const pending = useRef<number | null>(null);

  useEffect(() => {
    const id = pending.current;
    if (id === null || !shownCategories.some((category) => category.id === id)) return;
    pending.current = null;
    selectCategory(id);
  }, [shownCategories, selectCategory]);

  const onSelect = useCallback(
    (id: number) => {
      if (document.getElementById(categorySectionId(id))) {
        selectCategory(id);
      } else {
        pending.current = id;
        clearSearch();
      }
    },
    [selectCategory, clearSearch],
  );

  const slider = useMemo(
    () =>
      categories.length > 0 ? (
        <CategorySlider categories={categories} language={language} activeId={activeId} onSelect={onSelect} />
      ) : null,
    [categories, language, activeId, onSelect],
  );
  useHeaderSlider(slider);
}
