import { CreditCard, ScanLine, Smartphone, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { GUIDE_SEEN_STORAGE_KEY } from '../../../config/constants.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './first-use-guide.module.css';

const STEPS = [
  { key: 'step_scan', Icon: ScanLine },
  { key: 'step_order', Icon: Smartphone },
  { key: 'step_pay', Icon: CreditCard },
] as const;

function markSeen(): void {
  try {
    localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, new Date().toISOString());
  } catch {
    // Without storage the guide may show again next time; nothing else breaks.
  }
}

/**
 * spec §2: the first-use guide — scan the QR code, order from the phone, pay separately or together — ending
 * with a continue button. A non-modal sheet at the bottom of the first ordering screen (decision record 026):
 * the menu above stays visible, readable and usable. It takes focus when it opens, so keyboard and screen
 * reader users meet it first; Continue, the close button or Escape close it, focus moves on to the menu, and
 * it is not shown again on this device.
 */
export function FirstUseGuide({
  onClose,
  returnFocusTo = 'main',
}: {
  onClose: () => void;
  returnFocusTo?: string;
}) {
  const { t } = useTranslation(['guide', 'orders']);
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    title.current?.focus();
  }, []);

  function close() {
    markSeen();
    onClose();
    document.getElementById(returnFocusTo)?.focus({ preventScroll: true });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  }

  return (
    <dialog open className={styles.sheet} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className={styles.header}>
        <h2 id={titleId} ref={title} className={styles.title} tabIndex={-1}>
          {t('title')}
        </h2>
        <button type="button" className={styles.close} aria-label={t('orders:close')} onClick={close}>
          <X size={20} aria-hidden="true" />
        </button>
      </div>
      <ol className={styles.steps}>
        {STEPS.map(({ key, Icon }, index) => (
          <li key={key} className={styles.step}>
            <span className={styles.icon}>
              <Icon size={22} aria-hidden="true" />
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
      <button type="button" className={styles.continue} onClick={close}>
        {t('continue')}
      </button>
    </dialog>
  );
}
