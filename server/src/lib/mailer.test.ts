import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../test/helpers/mail-catcher.ts';
import { createMailer } from './mailer.ts';

const message = {
  to: 'anna@example.test',
  subject: 'Ünnepi próba – ő',
  text: `Nyissa meg: https://tablo.test/account/confirm-email/hu?token=${'a'.repeat(43)}\nÁrvíztűrő tükörfúrógép`,
  link: `https://tablo.test/account/confirm-email/hu?token=${'a'.repeat(43)}`,
};

describe('mailer', () => {
  it('without SMTP_URL prints the link in the log, so an installation without mail still works', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    await createMailer({ smtpUrl: null, from: 'Tablo <no-reply@tablo.test>', log }).send(message);
    expect(lines.join('')).toContain(message.link);
  });

  it('sends through SMTP, non-ASCII text intact', async () => {
    const catcher = await startMailCatcher();
    const mailer = createMailer({
      smtpUrl: catcher.smtpUrl,
      from: 'Tablo <no-reply@tablo.test>',
      log: pino({ level: 'silent' }),
    });
    try {
      await mailer.send(message);
      const mail = await catcher.next('anna@example.test');
      expect(mail.subject).toBe(message.subject);
      expect(mail.text.trim()).toBe(message.text);
      expect(mail.link).toBe(message.link);
    } finally {
      mailer.close();
      await catcher.close();
    }
  });
});
