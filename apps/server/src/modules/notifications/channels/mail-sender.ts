import { createTransport } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  language: string;
}

/** Sends one e-mail; throws when the SMTP server refuses it or cannot be reached. */
export type MailSender = (mail: Mail) => Promise<void>;

/**
 * E-mail through the SMTP server of `SMTP_URL` (nodemailer). Short timeouts: a slow server makes
 * one attempt fail and the job queue try again later, it never holds a worker for minutes.
 */
export function smtpMailSender(smtp: { url: string; from: string }): MailSender {
  const transport = createTransport({
    url: smtp.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return async (mail) => {
    await transport.sendMail({
      from: smtp.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      headers: { 'Content-Language': mail.language },
    });
  };
}
