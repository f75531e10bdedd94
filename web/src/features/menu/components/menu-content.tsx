import type { Menu } from '@tablo/contract/menu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import SearchX from 'lucide-react/icons/search-x';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useSession } from '../../../providers/session.tsx';
import { useMyRatings } from '../api/get-my-ratings.ts';
import { EAGER_IMAGE_COUNT, FIRST_RENDER_CATEGORIES, HIGH_PRIORITY_IMAGE_COUNT } from '../constants.ts';
import { useDietaryPreferences } from '../hooks/use-dietary-preferences.ts';
import { useDietaryView } from '../hooks/use-dietary-view.ts';
import { useLaidOutSections } from '../hooks/use-laid-out-sections.ts';
import { useMenuSlider } from '../hooks/use-menu-slider.tsx';
import { useProgressiveCount } from '../hooks/use-progressive-count.ts';
import { searchMenu } from '../utils/search-menu.ts';
import { CategorySection } from './category-section.tsx';
import { DietaryFilterButton } from './dietary-filter-button.tsx';
import { DietaryFilterDialog } from './dietary-filter-dialog.tsx';
import { DishRatingsProvider } from './dish-rating.tsx';
import styles from './menu-content.module.css';
import { MenuItemDialog } from './menu-item-dialog.tsx';
import { MenuMessage } from './menu-message.tsx';
import { MenuSearch } from './menu-search.tsx';

type MenuContentProps = { menu: Menu; shortName: string };

export function MenuContent({ menu, shortName }: MenuContentProps) {
  const { t } = useTranslation('menu');
  const { language } = useLanguage();
  const session = useSession();
  const sessionId = session.isActive ? session.sessionId : null;
  const myRatings = useMyRatings(shortName, sessionId);
  const [query, setQuery] = useState('');
  const [preferences, setPreferences] = useDietaryPreferences();
  const [openItemId, setOpenItemId] = useState<number | null>(null);
  const [filterOpen, setFilterOpen] = useState(false);

  // Issue 27: with allergens avoided, the option groups tell which dishes cannot be made without them.
  const queryClient = useQueryClient();
  const unavoidable = useQuery({
    queryKey: ['choice-allergens', shortName, preferences.avoid.join()],
    queryFn: async () =>
      (await import('../utils/dietary-choices.ts')).unavoidableByGroup(
        queryClient,
        shortName,
        preferences.avoid,
      ),
    // The options' own query is cached for a minute: this reads it again at no cost.
    enabled:
      preferences.avoid.length > 0 && menu.some((c) => c.menuItems.some((i) => i.optionGroupIds.length > 0)),
  });
  const dietary = useDietaryView(menu, preferences, unavoidable.data);
  const categories = useMemo(
    () => searchMenu(dietary.categories, query, language),
    [dietary.categories, query, language],
  );
  const clearSearch = useCallback(() => setQuery(''), []);
  useMenuSlider(dietary.categories, categories, clearSearch);

  // Issue 24 §14: a text missing in the diner's language falls back (spec §4); the page says so once.
  const fallsBack = menu.some((category) =>
    [category, ...category.menuItems].some((part) => !part.translations.some((x) => x.isoCode === language)),
  );
  const openItem = openItemId === null ? undefined : findItem(menu, openItemId);
  const dishCount = categories.reduce((sum, category) => sum + category.menuItems.length, 0);
  const drawn = useProgressiveCount(categories.length, FIRST_RENDER_CATEGORIES);
  const drawnKey = useMemo(
    () =>
      categories
        .slice(0, drawn)
        .map((category) => category.id)
        .join(','),
    [categories, drawn],
  );
  useLaidOutSections(drawnKey);
  let firstIndex = 0;

  return (
    <DishRatingsProvider shortName={shortName} sessionId={sessionId} myRatings={myRatings}>
      <div className={styles.toolbar}>
        <MenuSearch value={query} onChange={setQuery} />
        <DietaryFilterButton preferences={preferences} onClick={() => setFilterOpen(true)} />
      </div>
      <div className={styles.notice}>
        <p className={styles.summary} role="status">
          {dietary.hiddenCount > 0 && t('hidden_count', { count: dietary.hiddenCount })}
          {dietary.markedCount > 0 && t('marked_count', { count: dietary.markedCount })}
        </p>
        {dietary.hiddenCount > 0 && (
          <button
            type="button"
            className={styles.showHidden}
            onClick={() => setPreferences({ ...preferences, hideConflicting: false })}
          >
            {t('show_hidden')}
          </button>
        )}
      </div>
      {fallsBack && <p className={styles.fallback}>{t('texts_fall_back')}</p>}
      <p className="visually-hidden" role="status">
        {query.trim() !== '' && t('results_count', { count: dishCount })}
      </p>
      {menu.length === 0 && (
        <MenuMessage
          title={t('empty_menu')}
          hint={t('empty_menu_hint')}
          icon={<UtensilsCrossed aria-hidden="true" />}
        />
      )}
      {menu.length > 0 && categories.length === 0 && (
        <MenuMessage
          title={t('no_results')}
          hint={t('no_results_hint')}
          icon={<SearchX aria-hidden="true" />}
        />
      )}
      {categories.slice(0, drawn).map((category) => {
        const start = firstIndex;
        firstIndex += category.menuItems.length;
        return (
          <CategorySection
            key={category.id}
            category={category}
            conflicts={dietary.conflicts}
            firstIndex={start}
            eagerCount={EAGER_IMAGE_COUNT}
            highPriorityCount={HIGH_PRIORITY_IMAGE_COUNT}
            onOpenItem={setOpenItemId}
          />
        );
      })}
      {openItem && (
        <MenuItemDialog
          item={openItem}
          conflict={dietary.conflicts.get(openItem.id) ?? null}
          shortName={shortName}
          avoid={preferences.avoid}
          onClose={() => setOpenItemId(null)}
        />
      )}
      {filterOpen && (
        <DietaryFilterDialog
          preferences={preferences}
          onChange={setPreferences}
          onClose={() => setFilterOpen(false)}
        />
      )}
    </DishRatingsProvider>
  );
}

function findItem(menu: Menu, itemId: number) {
  for (const category of menu) {
    const item = category.menuItems.find((candidate) => candidate.id === itemId);
    if (item) return item;
  }
  return undefined;
}
