import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { TOAST_AUTO_HIDE_MS } from '../../config/constants.ts';
import { connectToaster } from '../../lib/toast.ts';
import styles from './app-toaster.module.css';

/** spec §2, §8: toasts at top centre, four severities, auto-hiding after 6000 ms. Loaded on first use. */
export function AppToaster() {
  // Runs after <Toaster> (a child) has subscribed, so waiting toasts are not lost.
  useEffect(() => connectToaster(({ severity, message, options }) => toast[severity](message, options)), []);
  return (
    <Toaster
      className={styles.toaster}
      position="top-center"
      duration={TOAST_AUTO_HIDE_MS}
      richColors
      closeButton
    />
  );
}
