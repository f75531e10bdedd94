import type { LanguageCode } from '@tablo/contract/language-list';
import type { MenuCategory } from '@tablo/contract/menu';
import X from 'lucide-react/icons/x';
import { useId, useState } from 'react';
import { pickTranslation } from '../../../lib/pick-translation.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import { searchCategories } from '../utils/search-menu.ts';
import styles from './category-drawer.module.css';
import { MenuSearch } from './menu-search.tsx';

type CategoryDrawerProps = {
  categories: readonly MenuCategory[];
  language: LanguageCode;
  activeId: number | null;
  onSelect: (categoryId: number) => void;
  onClose: () => void;
};

/** spec §2: the left drawer of "available categories", searchable by category and dish titles. */
export function CategoryDrawer({ categories, language, activeId, onSelect, onClose }: CategoryDrawerProps) {
  const { t } = useTranslation(['menu', 'common']);
  const [query, setQuery] = useState('');
  const dialog = useModalDialog(onClose);
  const titleId = useId();
  const found = searchCategories(categories, query, language);
  const untitled = t('untitled');

  return (
    <dialog {...dialog} className={styles.drawer} aria-labelledby={titleId}>
      <div className={styles.panel}>
        <div className={styles.top}>
          <h2 className={styles.title} id={titleId}>
            {t('available_categories')}
          </h2>
          <button type="button" className={styles.close} aria-label={t('close')} onClick={onClose}>
            <X aria-hidden="true" />
          </button>
        </div>
        <MenuSearch value={query} onChange={setQuery} autoFocus />
        {found.length === 0 ? (
          <p className={styles.empty} role="status">
            {/* spec §2: the drawer's empty result text is common.no_results */}
            {t(['common:no_results', 'no_results'])}
          </p>
        ) : (
          <ul className={styles.list}>
            {found.map((category) => {
              const text = pickTranslation(category.translations, language, untitled);
              return (
                <li key={category.id}>
                  <button
                    type="button"
                    className={styles.category}
                    aria-current={category.id === activeId ? 'true' : undefined}
                    onClick={() => onSelect(category.id)}
                  >
                    <span>{text.title}</span>
                    <span className={styles.count} aria-hidden="true">
                      {category.menuItems.length}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </dialog>
  );
}
