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
        {staffCan(me.role, 'manageRestaurant') && (
          <Link
            to={staffLinks.setup(language)}
            className={styles.navLink}
            aria-current={pathname.startsWith('/staff/setup') ? 'page' : undefined}
          >
            {t('nav_setup')}
          </Link>
        )}
        {staffCan(me.role, 'manageStaff') && (
          <Link
            to={staffLinks.team(language)}
            className={styles.navLink}
            aria-current={pathname.startsWith('/staff/team') ? 'page' : undefined}
          >
            {t('nav_team')}
          </Link>
        )}
        {staffCan(me.role, 'editMenu') && (
          <Link
            to={staffLinks.menuEditor(language)}
            className={styles.navLink}
            aria-current={pathname.startsWith('/staff/menu-editor') ? 'page' : undefined}
          >
            {t('nav_menu_editor')}
          </Link>
        )}
        {staffCan(me.role, 'manageHours') && (
          <Link
            to={staffLinks.hours(language)}
            className={styles.navLink}
            aria-current={pathname.startsWith('/staff/hours') ? 'page' : undefined}
          >
            {t('nav_hours')}
          </Link>
        )}
        {staffCan(me.role, 'managePrinters') && (
          <Link
            to={staffLinks.printers(language)}
            className={styles.navLink}
            aria-current={pathname.startsWith('/staff/printers') ? 'page' : undefined}
          >
            {t('printing:nav')}
          </Link>
        )}
        {staffCan(me.role, 'viewFigures') && (
          <Link
            to={staffLinks.figures(language)}
            className={styles.navLink}
            aria-current={pathname.startsWith('/staff/figures') ? 'page' : undefined}
          >
            {t('nav_figures')}
          </Link>
        )}
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
