import type { AvailabilityType, Menu, MenuItem } from '@tablo/contract/menu';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '../../../lib/format-price.ts';
import { menuQueryKey, useMenu } from '../../../lib/menu-query.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { setItemAvailability } from '../api/staff-tables.ts';
import { useStaffConsole } from '../hooks/staff-console-context.ts';
import { useStaffAction } from '../hooks/use-staff-action.ts';
import { AvailabilityRow } from './availability-row.tsx';
import { OptionAvailability } from './option-availability.tsx';
import { EmptyState, ScreenState } from './screen-state.tsx';
import styles from './staff.module.css';

/** The restaurant's menu by category, each dish with a Sold out toggle; diners' menus follow live. */
export function MenuAvailabilityScreen() {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const { me } = useStaffConsole();
  const menu = useMenu(me.restaurantShortName);
  const categories = menu.data ?? [];

  return (
    <>
      <div className={styles.screenHead}>
        <h1 className={styles.screenTitle}>{t('menu_title')}</h1>
      </div>
      <ScreenState pending={menu.isPending} error={menu.error} onRetry={() => void menu.refetch()}>
        {categories.length === 0 ? (
          <EmptyState>{t('menu_empty')}</EmptyState>
        ) : (
          categories.map((category) => {
            const title = pickTitle(category.translations, language, t('untitled'));
            const headingId = `staff-category-${category.id}`;
            return (
              <section key={category.id} aria-labelledby={headingId}>
                <h2 id={headingId} className={styles.sectionTitle}>
                  {title}
                </h2>
                <ul className={styles.menuList}>
                  {category.menuItems.map((item) => (
                    <ItemRow key={item.id} item={item} shortName={me.restaurantShortName} />
                  ))}
                </ul>
              </section>
            );
          })
        )}
        <OptionAvailability shortName={me.restaurantShortName} />
      </ScreenState>
    </>
  );
}

function ItemRow({ item, shortName }: { item: MenuItem; shortName: string }) {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const { busy, run } = useStaffAction();
  const title = pickTitle(item.translations, language, t('untitled'));
  const soldOut = item.availabilityType === 'SOLD_OUT';

  async function toggle() {
    const next: AvailabilityType = soldOut ? 'AVAILABLE' : 'SOLD_OUT';
    const done = await run('availability', () => setItemAvailability(item.id, { availabilityType: next }));
    if (!done) return;
    queryClient.setQueryData<Menu>(menuQueryKey(shortName), (menu) =>
      menu?.map((category) => ({
        ...category,
        menuItems: category.menuItems.map((entry) =>
          entry.id === item.id ? { ...entry, availabilityType: done.data.availabilityType } : entry,
        ),
      })),
    );
  }

  return (
    <AvailabilityRow
      title={title}
      price={formatPrice(item.priceGross, language)}
      soldOut={soldOut}
      disabled={busy !== null}
      name={t(soldOut ? 'mark_available_of' : 'mark_sold_out_of', { item: title })}
      data={{ 'data-item': item.id }}
      onToggle={() => void toggle()}
    />
  );
}
