import type { LanguageCode } from '@tablo/contract/language-list';
import type { MenuCategory } from '@tablo/contract/menu';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Menu from 'lucide-react/icons/menu';
import { type KeyboardEvent, useState } from 'react';
import { CATEGORY_SEARCH_MIN, TAB_SCROLL_STEP } from '../../../config/constants.ts';
import { pickTranslation } from '../../../lib/pick-translation.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { categorySectionId } from '../constants.ts';
import { useTabStrip } from '../hooks/use-tab-strip.ts';
import { CategoryDrawer } from './category-drawer.tsx';
import styles from './category-slider.module.css';

type CategorySliderProps = {
  categories: readonly MenuCategory[];
  language: LanguageCode;
  activeId: number | null;
  onSelect: (categoryId: number) => void;
};

/**
 * spec §2: the header's category tab strip. It renders inside the header, outside the menu screen's tree,
 * so everything it shows comes in through props. Each tab is a link to its category's section, so the strip
 * works on the server-rendered page without JavaScript too (decision record 022); with it, a tap scrolls as
 * the specification says.
 */
export function CategorySlider({ categories, language, activeId, onSelect }: CategorySliderProps) {
  const { t } = useTranslation('menu');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const strip = useTabStrip(activeId, `${language}:${categories.map((c) => c.id).join(',')}`);
  const untitled = t('untitled');

  return (
    <nav className={styles.slider} aria-label={t('categories')}>
      {categories.length >= CATEGORY_SEARCH_MIN && (
        <button
          type="button"
          className={styles.drawerButton}
          aria-label={t('open_categories')}
          aria-haspopup="dialog"
          onClick={() => setDrawerOpen(true)}
        >
          <Menu aria-hidden="true" />
        </button>
      )}
      {strip.canScrollBack && (
        <button
          type="button"
          className={`${styles.arrow} ${styles.back}`}
          aria-label={t('scroll_left')}
          onClick={() => strip.scrollBy(-TAB_SCROLL_STEP)}
        >
          <ChevronLeft aria-hidden="true" />
        </button>
      )}
      <ul className={styles.strip} ref={strip.ref} onKeyDown={moveFocusWithArrows}>
        {categories.map((category) => {
          const text = pickTranslation(category.translations, language, untitled);
          const active = category.id === activeId;
          return (
            <li key={category.id}>
              <a
                href={`#${categorySectionId(category.id)}`}
                className={styles.tab}
                // One tab stop for the whole strip; the arrow keys move between categories.
                tabIndex={category.id === (activeId ?? categories[0]?.id) ? 0 : -1}
                aria-current={active ? 'true' : undefined}
                data-active={active || undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onSelect(category.id);
                }}
              >
                {text.title}
              </a>
            </li>
          );
        })}
      </ul>
      {strip.canScrollForward && (
        <button
          type="button"
          className={`${styles.arrow} ${styles.forward}`}
          aria-label={t('scroll_right')}
          onClick={() => strip.scrollBy(TAB_SCROLL_STEP)}
        >
          <ChevronRight aria-hidden="true" />
        </button>
      )}
      {drawerOpen && (
        <CategoryDrawer
          categories={categories}
          language={language}
          activeId={activeId}
          onSelect={(id) => {
            setDrawerOpen(false);
            // After the drawer has gone: the page behind a modal is inert and cannot take focus.
            requestAnimationFrame(() => onSelect(id));
          }}
          onClose={() => setDrawerOpen(false)}
        />
      )}
    </nav>
  );
}

const FOCUS_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

function moveFocusWithArrows(event: KeyboardEvent<HTMLUListElement>) {
  const move = FOCUS_MOVES[event.key];
  if (!move) return;
  const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLAnchorElement>('a'));
  const index = tabs.indexOf(document.activeElement as HTMLAnchorElement);
  if (index === -1) return;
  event.preventDefault();
  tabs[move(index, tabs.length)]?.focus();
}
