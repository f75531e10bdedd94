import { API_BASE } from '@tablo/contract/paths';
import type { SetupChecklist, SetupStep } from '@tablo/contract/restaurant-setup';
import { staffSetupPaths } from '@tablo/contract/restaurant-setup';
import { Link } from 'react-router';
import ui from '../../../components/console-form/console-form.module.css';
import { menuPreviewHref } from '../../../config/preview-route.ts';
import { routes } from '../../../config/routes.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './setup.module.css';

export interface ChecklistLinks {
  /** The menu editor (another screen, `/staff/menu-editor/<lang>`). */
  menuEditor: string;
  team: string;
  language: string;
}

/**
 * The steps from sign-up to "open for guests" (issue 26), each with whether it is done and where to do it.
 * Opening is refused by the server until details, menu and tables are done; its answer says what is missing.
 */
export function SetupChecklistView({
  checklist,
  links,
  busy,
  onQrCodesDone,
  onOpen,
}: {
  checklist: SetupChecklist;
  links: ChecklistLinks;
  busy: boolean;
  onQrCodesDone: (done: boolean) => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation('setup');
  const done = (step: SetupStep) => checklist.steps.find((s) => s.step === step)?.done ?? false;

  function action(step: SetupStep) {
    switch (step) {
      case 'details':
        return <a href="#setup-details">{t('go_details')}</a>;
      case 'menu':
        return <Link to={links.menuEditor}>{t('go_menu')}</Link>;
      case 'tables':
        return <a href="#setup-tables">{t('go_tables')}</a>;
      case 'qrCodes':
        return (
          <>
            <a href={`${API_BASE}${staffSetupPaths.qrSheet(links.language)}`} download>
              {t('download_qr')}
            </a>
            <button
              type="button"
              className={ui.button}
              disabled={busy}
              onClick={() => onQrCodesDone(!done('qrCodes'))}
            >
              {done('qrCodes') ? t('qr_undo') : t('qr_tick')}
            </button>
          </>
        );
      case 'staff':
        return <Link to={links.team}>{t('go_team')}</Link>;
      case 'open':
        return done('open') ? (
          <a href={routes.menu(checklist.shortName, links.language)}>{t('see_menu')}</a>
        ) : (
          <>
            {/* Before opening, its owner sees the menu as guests will (docs/decisions/069-owner-preview.md). */}
            <a href={menuPreviewHref(checklist.shortName, links.language)}>{t('preview_menu')}</a>
            <button type="button" className={ui.primaryButton} disabled={busy} onClick={onOpen}>
              {t('open_button')}
            </button>
          </>
        );
    }
  }

  return (
    <ol className={styles.steps}>
      {checklist.steps.map(({ step, done: isDone }) => (
        <li key={step} className={styles.step}>
          <span>{t(`step_${step}`)}</span>
          <span className={isDone ? ui.badge : ui.badgeOff}>{isDone ? t('done') : t('not_done')}</span>
          {action(step)}
        </li>
      ))}
    </ol>
  );
}
