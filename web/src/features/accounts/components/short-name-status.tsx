import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { checkShortName } from '../api/accounts-api.ts';
import { isValidShortName } from '../utils/short-name.ts';
import styles from './accounts.module.css';

export type ShortNameState = 'empty' | 'invalid' | 'checking' | 'free' | 'taken' | 'unknown';

/** Waits this long after the last key press before asking the server (one request per pause, not per key). */
export const SHORT_NAME_CHECK_DELAY_MS = 300;

/** Checks the short name as it is typed: its form here, whether it is free on the server. */
export function useShortNameCheck(shortName: string): ShortNameState {
  const [answer, setAnswer] = useState<{ name: string; free: boolean | null } | null>(null);
  const valid = isValidShortName(shortName);
  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkShortName(shortName, controller.signal).then(
        (result) => setAnswer({ name: shortName, free: result.ok ? result.data.available : null }),
        () => undefined,
      );
    }, SHORT_NAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [shortName, valid]);
  if (shortName === '') return 'empty';
  if (!valid) return 'invalid';
  if (answer?.name !== shortName) return 'checking';
  return answer.free === null ? 'unknown' : answer.free ? 'free' : 'taken';
}

/** The check's outcome, announced politely as it changes. */
export function ShortNameStatus({ shortName, state }: { shortName: string; state: ShortNameState }) {
  const { t } = useTranslation('accounts');
  const text =
    state === 'checking'
      ? t('short_name_checking')
      : state === 'free'
        ? t('short_name_free', { name: shortName })
        : state === 'taken'
          ? t('short_name_taken', { name: shortName })
          : state === 'invalid'
            ? t('short_name_invalid')
            : '';
  const className = state === 'free' ? styles.ok : state === 'checking' ? styles.hint : styles.fieldError;
  return (
    <p className={className} role="status" aria-live="polite">
      {text}
    </p>
  );
}
