import { toBcp47 } from '@tablo/contract/language-list';
import type { AvailabilityType, Menu, MenuItem } from '@tablo/contract/menu';
import type { SoldOutFor, SoldOutTodayResponse } from '@tablo/contract/menu-windows';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '../../../lib/format-price.ts';
import { menuQueryKey, useMenu } from '../../../lib/menu-query.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { setItemSoldOut, soldOutTodayQueryKey, soldOutTodayQueryOptions } from '../api/sold-out-today.ts';
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
  // Issue 28: which dishes are sold out only for today, and until when (the menu itself does not say).
  const today = useQuery(soldOutTodayQueryOptions());
  const until = new Map((today.data?.items ?? []).map((entry) => [entry.menuItemId, entry.soldOutUntil]));
  const timeZone = today.data?.timeZone;

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
                    <ItemRow
                      key={item.id}
                      item={item}
                      shortName={me.restaurantShortName}
                      soldOutUntil={until.get(item.id) ?? null}
                      timeZone={timeZone}
                    />
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

function ItemRow({
  item,
  shortName,
  soldOutUntil,
  timeZone,
}: {
  item: MenuItem;
  shortName: string;
  soldOutUntil: string | null;
  /** The restaurant's: "back at 04:00" on its clock, wherever the tablet's is set. */
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const { busy, run } = useStaffAction();
  const title = pickTitle(item.translations, language, t('untitled'));
  const soldOut = item.availabilityType === 'SOLD_OUT';

  /** Without `soldOutFor`, the request is the one every client sent before issue 28 (until changed back). */
  async function set(next: AvailabilityType, soldOutFor?: SoldOutFor) {
    const done = await run('availability', () =>
      setItemSoldOut(
        item.id,
        soldOutFor ? { availabilityType: next, soldOutFor } : { availabilityType: next },
      ),
    );
    if (!done) return;
    queryClient.setQueryData<SoldOutTodayResponse>(soldOutTodayQueryKey, (data) => {
      const others = (data?.items ?? []).filter((entry) => entry.menuItemId !== item.id);
      const ends = done.data.soldOutUntil;
      return {
        timeZone: data?.timeZone ?? 'Europe/Budapest',
        items: ends ? [...others, { menuItemId: item.id, soldOutUntil: ends }] : others,
      };
    });
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
      onToggle={() => void set(soldOut ? 'AVAILABLE' : 'SOLD_OUT')}
      today={{
        name: t('mark_sold_out_today_of', { item: title }),
        onSoldOutToday: () => void set('SOLD_OUT', 'TODAY'),
        badge: soldOutUntil
          ? t('sold_out_today_until', {
              time: new Intl.DateTimeFormat(toBcp47(language), {
                timeStyle: 'short',
                ...(timeZone ? { timeZone } : {}),
              }).format(new Date(soldOutUntil)),
            })
          : null,
      }}
    />
  );
}
