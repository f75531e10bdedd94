import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** One mail with the link it exists for (a confirmation, a password reset, an invitation). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Printed in the log instead of sending when no SMTP server is configured. */
  link: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// (SMTP_URL); null prints the links in the log instead (docs/decisions/058). */
  smtpUrl: string | null;
  from: string;
  log: FastifyBaseLogger;
}

/** Mail through nodemailer over SMTP, or, without SMTP_URL, a line in the log that carries the link. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl === null) {
    return {
      async send(message) {
        // Warn level, so that it shows with the production log level too: an installation without mail
        // still lets its owners confirm, reset and invite, by whoever reads the log.
        options.log.warn(
          { mailTo: message.to, subject: message.subject },
          `mail not sent (no SMTP_URL is set); its link: ${message.link}`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    close() {
      transport.close();
    },
  };
}
