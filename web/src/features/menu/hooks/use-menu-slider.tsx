import type { Menu, MenuCategory } from '@tablo/contract/menu';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMatches } from 'react-router';
import { isServerOrHydrating } from '../../../lib/hydration.ts';
import { menuQueryKey } from '../../../lib/menu-query.ts';
import { useHeaderSlider } from '../../../providers/header-slot.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useRestaurant } from '../../../providers/restaurant.tsx';
import { CategorySlider } from '../components/category-slider.tsx';
import { categorySectionId } from '../constants.ts';
import { useActiveCategory } from './use-active-category.ts';

/** About two seconds of frames to wait for a chosen category's section to be drawn. */
const SECTION_WAIT_FRAMES = 120;

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
  const pending = useRef<{ id: number; frame: number } | null>(null);

  useEffect(
    () => () => {
      if (pending.current) cancelAnimationFrame(pending.current.frame);
    },
    [],
  );

  // A category may not be drawn yet: hidden by the search (cleared first), or still to come in the first
  // moments of the page (menu-content draws the later categories just after the first paint).
  const onSelect = useCallback(
    (id: number) => {
      if (pending.current) cancelAnimationFrame(pending.current.frame);
      pending.current = null;
      if (document.getElementById(categorySectionId(id))) {
        selectCategory(id);
        return;
      }
      clearSearch();
      let frames = 0;
      const attempt = () => {
        if (document.getElementById(categorySectionId(id))) {
          pending.current = null;
          selectCategory(id);
        } else if (++frames < SECTION_WAIT_FRAMES) {
          pending.current = { id, frame: requestAnimationFrame(attempt) };
        } else {
          pending.current = null;
        }
      };
      pending.current = { id, frame: requestAnimationFrame(attempt) };
    },
    [selectCategory, clearSearch],
  );

  // A shared link to a category (/menu/demo/en#category-7): the browser jumped there by the stylesheet's
  // margin, before the header shrank and before the sections above had their real heights (decision 043).
  // Once, when the app takes the page over, the category is put where a tap on it would put it.
  const linkHandled = useRef(false);
  useEffect(() => {
    if (linkHandled.current || categories.length === 0) return;
    linkHandled.current = true;
    const id = categoryInLink(categories);
    if (id !== null && document.getElementById(categorySectionId(id))) selectCategory(id, false);
  }, [categories, selectCategory]);

  const slider = useMemo(
    () =>
      categories.length > 0 ? (
        <CategorySlider categories={categories} language={language} activeId={activeId} onSelect={onSelect} />
      ) : null,
    [categories, language, activeId, onSelect],
  );
  useHeaderSlider(slider);
}

/** The category a link's fragment names (`#category-7`), if the menu has it. */
function categoryInLink(categories: readonly MenuCategory[]): number | null {
  const id = categories.find((category) => `#${categorySectionId(category.id)}` === location.hash)?.id;
  return id ?? null;
}

/** A route whose screen puts the category slider in the header says so in its handle (app/router.tsx). */
export type MenuSliderHandle = { menuSlider?: boolean };

const selectNothing = () => undefined;

/**
 * The slider the header shows on the server and while the browser hydrates the server's page: the same
 * component, with the same categories and the first one current, that the menu screen puts there right after
 * (useMenuSlider, from an effect) — so the server's HTML has the strip (as links: it works without JavaScript)
 * and the hand-over changes nothing on screen. Null on every other render.
 */
export function useServerMenuSlider(): ReactNode | null {
  const wanted = useMatches().some((match) => (match.handle as MenuSliderHandle | undefined)?.menuSlider);
  const { shortName } = useRestaurant();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [node] = useState(() => {
    if (!wanted || !isServerOrHydrating()) return null;
    const menu = queryClient.getQueryData<Menu>(menuQueryKey(shortName));
    if (!menu || menu.length === 0) return null;
    return (
      <CategorySlider
        categories={menu}
        language={language}
        activeId={menu[0]?.id ?? null}
        onSelect={selectNothing}
      />
    );
  });
  return node;
}
