import { ACCOUNT_ERRORS } from '@tablo/contract/accounts';

/** The token of a mailed link (`?token=`), or null when the address lost it. */
export function tokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

export type LinkProblem = 'link_invalid' | 'link_expired' | 'link_used';

/** Which text tells the member what is wrong with the link (the server's refusals, contract ACCOUNT_ERRORS). */
export function linkProblem(status: number, message: string): LinkProblem | null {
  if (message === ACCOUNT_ERRORS.linkExpired) return 'link_expired';
  if (message === ACCOUNT_ERRORS.linkUsed) return 'link_used';
  if (status === 404 || message === ACCOUNT_ERRORS.linkInvalid) return 'link_invalid';
  return null;
}
