import { type StaffPermission, staffCan } from '@tablo/contract/staff';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useStaffConsole } from '../hooks/staff-console-context.ts';
import { type StaffScreen, staffLinks } from '../utils/staff-links.ts';
import { LanguageSelect } from './language-select.tsx';
import styles from './staff.module.css';

/** Which screens a role sees in the navigation (the server refuses the rest anyway). */
export const SCREEN_PERMISSIONS: Record<StaffScreen, StaffPermission> = {
  board: 'viewOrders',
  kitchen: 'viewOrders',
  tables: 'closeTables',
  menu: 'markSoldOut',
  payments: 'refundPayments',
};

/** The restaurant's own screens (the accounts chunk), after the service's, each for the roles it is for. */
const ACCOUNT_SCREENS: readonly {
  permission: StaffPermission;
  path: string;
  link: (language: string) => string;
  label: string;
}[] = [
  { permission: 'manageRestaurant', path: '/staff/setup', link: staffLinks.setup, label: 'nav_setup' },
  { permission: 'manageStaff', path: '/staff/team', link: staffLinks.team, label: 'nav_team' },
  {
    permission: 'editMenu',
    path: '/staff/menu-editor',
    link: staffLinks.menuEditor,
    label: 'nav_menu_editor',
  },
  { permission: 'manageHours', path: '/staff/hours', link: staffLinks.hours, label: 'nav_hours' },
  { permission: 'managePrinters', path: '/staff/printers', link: staffLinks.printers, label: 'printing:nav' },
  { permission: 'viewFigures', path: '/staff/figures', link: staffLinks.figures, label: 'nav_figures' },
];

export function ConsoleHeader() {
  // The printers' link is named in their own namespace (issue 28), loaded with the console's.
  const { t } = useTranslation(['staff', 'printing']);
  const { language } = useLanguage();
  const { me, sound, live, signOut } = useStaffConsole();
  const { pathname } = useLocation();
  const screens = (Object.keys(SCREEN_PERMISSIONS) as StaffScreen[]).filter((screen) =>
    staffCan(me.role, SCREEN_PERMISSIONS[screen]),
  );

  return (
    <header className={styles.header}>
      <p className={styles.brand}>
        {t('console_name')}
        <span className={styles.brandPlace}>
          {me.restaurantName} · {me.email} · {t(`role_${me.role}`)}
        </span>
      </p>
      <nav className={styles.nav} aria-label={t('navigation')}>
        {screens.map((screen) => (
          <Link
            key={screen}
            to={staffLinks.screen(screen, language)}
            className={styles.navLink}
            aria-current={
              pathname.startsWith(`/staff/${screen}/`) || pathname === `/staff/${screen}` ? 'page' : undefined
            }
          >
            {t(`nav_${screen}`)}
          </Link>
        ))}
        {ACCOUNT_SCREENS.filter((screen) => staffCan(me.role, screen.permission)).map((screen) => (
          <Link
            key={screen.path}
            to={screen.link(language)}
            className={styles.navLink}
            aria-current={pathname.startsWith(screen.path) ? 'page' : undefined}
          >
            {t(screen.label)}
          </Link>
        ))}
      </nav>
      <div className={styles.tools}>
        <span className={styles.liveStatus} role="status">
          <span className={styles.liveDot} data-status={live} aria-hidden="true" />
          {t(`live_${live}`)}
        </span>
        <button
          type="button"
          className={`${styles.button} ${styles.toggle}`}
          aria-pressed={sound.on}
          onClick={sound.toggle}
        >
          {t('sound')}
        </button>
        <LanguageSelect />
        <button type="button" className={styles.button} onClick={signOut}>
          {t('log_out')}
        </button>
      </div>
    </header>
  );
}
