import { DEFAULT_TABLE } from '@tablo/contract/default-table';
import { BookOpen, ReceiptText, Users, Wallet } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { routes } from '../../config/routes.ts';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../providers/language.tsx';
import { useRestaurant } from '../../providers/restaurant.tsx';
import { useTable } from '../../providers/table.tsx';
import styles from './bottom-nav.module.css';

/**
 * spec §2, §9: Menu, Orders (my_orders), My Table and Payment, fixed to the bottom of the viewport. Without a table
 * (or without ordering) only the menu makes sense, so the bar is not shown at all. At a table, "Menu" is the
 * order route's menu (the one with "Add"), and "Orders" its `?view=orders`.
 */
export function BottomNav() {
  const { t } = useTranslation('common');
  const restaurant = useRestaurant();
  const table = useTable();
  const { language } = useLanguage();
  const location = useLocation();
  if (!restaurant.isOrderingEnabled || table.id === DEFAULT_TABLE.id) return null;
  const { shortName } = restaurant;
  const orderPath = routes.order(shortName, table.id, language);
  const onOrders = new URLSearchParams(location.search).get('view') === 'orders';
  const here = (path: string) => decodeURIComponent(location.pathname).replace(/\/+$/, '') === path;
  const items = [
    {
      to: orderPath,
      label: t('menu'),
      Icon: BookOpen,
      active: (here(orderPath) && !onOrders) || location.pathname.startsWith('/menu/'),
    },
    {
      to: `${orderPath}?view=orders`,
      label: t('my_orders'),
      Icon: ReceiptText,
      active: here(orderPath) && onOrders,
    },
    {
      to: routes.table(shortName, table.id, language),
      label: t('my_table'),
      Icon: Users,
      active: here(routes.table(shortName, table.id, language)),
    },
    {
      to: routes.payment(shortName, table.id, language),
      label: t('payment'),
      Icon: Wallet,
      active:
        here(routes.payment(shortName, table.id, language)) ||
        /^\/(payment-success|receipt)\//.test(location.pathname),
    },
  ];
  return (
    <nav className={styles.nav} aria-label={t('main_navigation')} data-bottom-nav="">
      <ul className={styles.list}>
        {items.map(({ to, label, Icon, active }) => (
          <li key={to}>
            <Link to={to} className={styles.link} aria-current={active ? 'page' : undefined}>
              <Icon size={22} aria-hidden="true" />
              <span>{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
