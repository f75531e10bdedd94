import type { MenuCategory } from '@tablo/contract/menu';
import { type CSSProperties, memo } from 'react';
import { categorySectionId } from '../constants.ts';
import { useTranslated } from '../hooks/use-translated.ts';
import type { DietaryConflict } from '../utils/dietary-filter.ts';
import styles from './category-section.module.css';
import { type ImageLoading, MenuItemCard } from './menu-item-card.tsx';

type CategorySectionProps = {
  category: MenuCategory;
  conflicts: ReadonlyMap<number, DietaryConflict>;
  /** Index of the category's first dish in the whole list: the first few images load eagerly. */
  firstIndex: number;
  eagerCount: number;
  highPriorityCount: number;
  onOpenItem: (itemId: number) => void;
};

/** The dish at `position` in the whole list: the first `eagerCount` pictures load at once. */
function imageLoadingAt(position: number, eagerCount: number, highPriorityCount: number): ImageLoading {
  if (position < highPriorityCount) return 'high';
  return position < eagerCount ? 'eager' : 'lazy';
}

/** Memoized: a render of the menu that changes nothing of a category (a search keystroke elsewhere, the
 * diner's session or ratings arriving: those reach the rating controls by context, dish-rating.tsx) skips it
 * (decision records 036, 044). */
export const CategorySection = memo(function CategorySection({
  category,
  conflicts,
  firstIndex,
  eagerCount,
  highPriorityCount,
  onOpenItem,
}: CategorySectionProps) {
  const text = useTranslated(category.translations);
  const headingId = `${categorySectionId(category.id)}-title`;
  return (
    <section
      className={styles.section}
      id={categorySectionId(category.id)}
      aria-labelledby={headingId}
      tabIndex={-1}
      data-category-id={category.id}
      style={{ '--dishes': category.menuItems.length } as CSSProperties}
    >
      <h2 className={styles.heading} id={headingId} lang={text.lang}>
        {text.title}
      </h2>
      {text.description && (
        <p className={styles.description} lang={text.lang}>
          {text.description}
        </p>
      )}
      <ul className={styles.grid}>
        {category.menuItems.map((item, index) => (
          <li key={item.id} className={styles.cell}>
            <MenuItemCard
              item={item}
              conflict={conflicts.get(item.id) ?? null}
              imageLoading={imageLoadingAt(firstIndex + index, eagerCount, highPriorityCount)}
              first={firstIndex + index === 0}
              onOpen={onOpenItem}
            />
          </li>
        ))}
      </ul>
    </section>
  );
});
