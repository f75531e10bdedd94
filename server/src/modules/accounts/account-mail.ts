import { accountScreens } from '@tablo/contract/accounts';
import { resolveLanguage } from '@tablo/contract/language-list';
import type { StaffRole } from '@tablo/contract/staff';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import { formatExpiry, mailTextsFor } from './mail-texts.ts';
import type { IssuedToken } from './tokens.ts';

/** What the accounts services need besides the database. */
export interface AccountsDeps {
  database: Database;
  mailer: Mailer;
  /** Links in mails open here (PUBLIC_URL). */
  publicUrl: string;
  /** The product's name in mails (POWERED_BY_NAME). */
  product: string;
  /** Where a mail that could not be sent is reported. */
  log?: FastifyBaseLogger;
}

export type AccountMail =
  | { kind: 'confirm'; restaurantName: string }
  | { kind: 'reset' }
  | { kind: 'invitation'; restaurantName: string; role: StaffRole };

const SCREEN = {
  confirm: accountScreens.confirmEmail,
  reset: accountScreens.resetPassword,
  invitation: accountScreens.invitation,
} as const;

/** The mail in the recipient's language, with its one-time link. */
export function composeMail(
  deps: Pick<AccountsDeps, 'publicUrl' | 'product'>,
  to: string,
  language: string,
  issued: IssuedToken,
  mail: AccountMail,
): MailMessage {
  const lang = resolveLanguage(language);
  const texts = mailTextsFor(lang);
  const link = `${deps.publicUrl}${SCREEN[mail.kind](lang)}?token=${issued.token}`;
  const { subject, lead } =
    mail.kind === 'confirm'
      ? texts.confirm(mail.restaurantName, deps.product)
      : mail.kind === 'reset'
        ? texts.reset(deps.product)
        : texts.invitation(mail.restaurantName, texts.roles[mail.role]);
  const text = [
    lead,
    '',
    link,
    '',
    texts.until(formatExpiry(lang, issued.expiresAt)),
    texts.ignore,
    '',
    `— ${deps.product}`,
  ].join('\n');
  return { to, subject, text, link };
}
