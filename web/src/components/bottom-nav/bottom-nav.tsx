import { DEFAULT_TABLE } from '@tablo/contract/table';
import { BookOpen, ReceiptText, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLanguage } from '../../app/providers/language.tsx';
import { useRestaurant } from '../../app/providers/restaurant.tsx';
import { useTable } from '../../app/providers/table.tsx';
import { routes } from '../../config/routes.ts';
import styles from './bottom-nav.module.css';

/**
 * spec §2, §9: Menu, Orders (my_orders) and My Table, fixed to the bottom of the viewport. Without a table
 * (or without ordering) only the menu makes sense, so the bar is not shown at all.
 */
export function BottomNav() {
  const { t } = useTranslation('common');
  const restaurant = useRestaurant();
  const table = useTable();
  const { language } = useLanguage();
  if (!restaurant.isOrderingEnabled || table.id === DEFAULT_TABLE.id) return null;
  const { shortName } = restaurant;
  const items = [
    { to: routes.menu(shortName, language), label: t('menu'), Icon: BookOpen },
    { to: routes.order(shortName, table.id, language), label: t('my_orders'), Icon: ReceiptText },
    { to: routes.table(shortName, table.id, language), label: t('my_table'), Icon: Users },
  ];
  return (
    <nav className={styles.nav} aria-label={t('main_navigation')} data-bottom-nav="">
      <ul className={styles.list}>
        {items.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} className={styles.link} end>
              <Icon size={22} aria-hidden="true" />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
