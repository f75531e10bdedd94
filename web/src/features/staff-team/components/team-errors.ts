import { ACCOUNT_ERRORS } from '@tablo/contract/accounts';
import type { TFunction } from '../../../lib/texts/texts.ts';

/** The server's refusals in the member's language; anything else is shown as the server said it. */
export function teamErrorText(t: TFunction, status: number, message: string): string {
  if (message === ACCOUNT_ERRORS.ownersOnly) return t('owners_only');
  if (message === ACCOUNT_ERRORS.lastOwner) return t('last_owner');
  if (message === ACCOUNT_ERRORS.disableSelf) return t('disable_self');
  if (message === ACCOUNT_ERRORS.emailTaken) return t('email_taken');
  if (status === 429) return t('rate_limited', { message });
  return t('failed', { message });
}
