import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './staff.module.css';

type AlertBannerProps = {
  text: string;
  /** Goes to what the alert is about (the board, the order): the waiter has seen it. */
  onShow: () => void;
  onDismiss: () => void;
};

/** The latest new order or call, above every screen, until it is seen or acted on. */
export function AlertBanner({ text, onShow, onDismiss }: AlertBannerProps) {
  const { t } = useTranslation('staff');
  return (
    <div className={styles.banner} data-banner>
      <span>{text}</span>
      <span className={styles.actions}>
        <button type="button" className={`${styles.button} ${styles.bannerButton}`} onClick={onShow}>
          {t('show')}
        </button>
        <button type="button" className={`${styles.button} ${styles.bannerButton}`} onClick={onDismiss}>
          {t('dismiss')}
        </button>
      </span>
    </div>
  );
}
