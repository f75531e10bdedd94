import type { AvailabilityType } from '@tablo/contract/menu';
import type { MenuOption, MenuOptionGroup, MenuOptions } from '@tablo/contract/menu-options';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '../../../lib/format-price.ts';
import { menuOptionsQueryKey, useMenuOptions } from '../../../lib/menu-options-query.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { setOptionAvailability } from '../api/staff-options.ts';
import { useStaffAction } from '../hooks/use-staff-action.ts';
import { AvailabilityRow } from './availability-row.tsx';
import styles from './staff.module.css';

/** Issue 27: the choices of the dishes (oat milk, pepper sauce…), each with a Sold out toggle like a dish. */
export function OptionAvailability({ shortName }: { shortName: string }) {
  const { t } = useTranslation(['choices', 'staff']);
  const { language } = useLanguage();
  const options = useMenuOptions(shortName);
  const groups = options.data?.groups ?? [];
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="staff-options">
      <h2 id="staff-options" className={styles.sectionTitle}>
        {t('options_title')}
      </h2>
      {groups.map((group) => {
        const groupTitle = pickTitle(group.translations, language, t('staff:untitled'));
        return (
          <div key={group.id}>
            <h3 className={styles.muted}>{groupTitle}</h3>
            <ul className={styles.menuList}>
              {group.options.map((option) => (
                <OptionRow
                  key={option.id}
                  shortName={shortName}
                  group={group}
                  groupTitle={groupTitle}
                  option={option}
                />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

type OptionRowProps = { shortName: string; group: MenuOptionGroup; groupTitle: string; option: MenuOption };

function OptionRow({ shortName, group, groupTitle, option }: OptionRowProps) {
  const { t } = useTranslation(['choices', 'staff']);
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const { busy, run } = useStaffAction();
  const title = pickTitle(option.translations, language, t('staff:untitled'));
  const soldOut = option.availabilityType === 'SOLD_OUT';

  async function toggle() {
    const next: AvailabilityType = soldOut ? 'AVAILABLE' : 'SOLD_OUT';
    const done = await run('availability', () => setOptionAvailability(option.id, next));
    if (!done) return;
    queryClient.setQueryData<MenuOptions>(menuOptionsQueryKey(shortName), (data) =>
      data
        ? {
            groups: data.groups.map((g) =>
              g.id !== group.id
                ? g
                : {
                    ...g,
                    options: g.options.map((o) =>
                      o.id === option.id ? { ...o, availabilityType: done.data.availabilityType } : o,
                    ),
                  },
            ),
          }
        : data,
    );
  }

  return (
    <AvailabilityRow
      title={title}
      price={option.priceDelta > 0 ? `+${formatPrice(option.priceDelta, language)}` : null}
      soldOut={soldOut}
      disabled={busy !== null}
      name={t(soldOut ? 'mark_option_available' : 'mark_option_sold_out', {
        option: title,
        group: groupTitle,
      })}
      data={{ 'data-option': option.id }}
      onToggle={() => void toggle()}
    />
  );
}
