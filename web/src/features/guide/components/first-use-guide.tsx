import { CreditCard, ScanLine, Smartphone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GUIDE_SEEN_STORAGE_KEY } from '../../../config/constants.ts';
import styles from './first-use-guide.module.css';

const STEPS = [
  { key: 'step_scan', Icon: ScanLine },
  { key: 'step_order', Icon: Smartphone },
  { key: 'step_pay', Icon: CreditCard },
] as const;

/**
 * spec §2: the first-use guide — scan the QR code, order from the phone, pay separately or together — ending
 * with a continue button. A modal <dialog> traps focus and closes on Escape; once closed it is not shown
 * again on this device.
 */
export function FirstUseGuide() {
  const { t } = useTranslation('guide');
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  function markSeen() {
    try {
      localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, new Date().toISOString());
    } catch {
      // Without storage the guide may show again next time; nothing else breaks.
    }
  }

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="guide-title" onClose={markSeen}>
      <h2 id="guide-title" className={styles.title}>
        {t('title')}
      </h2>
      <ol className={styles.steps}>
        {STEPS.map(({ key, Icon }, index) => (
          <li key={key} className={styles.step}>
            <span className={styles.icon}>
              <Icon size={26} aria-hidden="true" />
            </span>
            <div>
              <h3 className={styles.stepTitle}>
                <span className="visually-hidden">{index + 1}. </span>
                {t(`${key}_title`)}
              </h3>
              <p className={styles.stepText}>{t(`${key}_text`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <form method="dialog">
        {/* biome-ignore lint/a11y/noAutofocus: the dialog's one action; focus starts on it by design. */}
        <button type="submit" className={styles.continue} autoFocus>
          {t('continue')}
        </button>
      </form>
    </dialog>
  );
}
