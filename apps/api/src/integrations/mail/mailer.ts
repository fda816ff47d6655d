import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export const PRODUCT_NAME = 'Cinelog';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Account mail. With SMTP_URL, nodemailer sends over SMTP. Without it (the embedded default) each
 * mail is written to DATA_DIR/outbox as an .eml file (the log names the file, never the link: it
 * holds a token), so a newcomer can verify an account with no setup.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly outbox: string | undefined;

  constructor(
    opts: { smtpUrl?: string | undefined; outboxDir: string; from?: string },
    private readonly log: MailerLog,
  ) {
    this.from = opts.from ?? `${PRODUCT_NAME} <no-reply@cinelog.local>`;
    if (opts.smtpUrl) {
      this.transport = nodemailer.createTransport(opts.smtpUrl);
    } else {
      this.outbox = opts.outboxDir;
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  private readonly from: string;

  get mode(): 'smtp' | 'outbox' {
    return this.outbox ? 'outbox' : 'smtp';
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...mail });
    if (this.outbox) {
      mkdirSync(this.outbox, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(this.outbox, `${stamp}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      // The file, not its link: the link holds a token, and secrets never go to the log. Nor does
      // the address (personal data): the file is named with it masked (its time stamp tells it).
      this.log.info(
        { to: maskAddress(mail.to), file: join(this.outbox, `${stamp}-${maskAddress(safeTo)}.eml`) },
        `mail written to the outbox: ${mail.subject}`,
      );
    } else {
      this.log.info({ to: maskAddress(mail.to), messageId: info.messageId }, `mail sent: ${mail.subject}`);
    }
  }
}

/**
 * An address as the log may hold it: the first character of its local part and of its domain, and
 * the top-level domain ('jane@example.com' → 'j***@e***.com'); enough to tell mails apart.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return `${address.slice(0, 1)}***`;
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return `${address.slice(0, 1)}***@${domain.slice(0, 1)}***${dot > 0 ? domain.slice(dot) : ''}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

export function accountMail(kind: 'verify' | 'reset', to: string, name: string, link: string): Mail {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const [subject, intro, button, outro] =
    kind === 'verify'
      ? [
          `Verify your email for ${PRODUCT_NAME}`,
          `Welcome to ${PRODUCT_NAME}! Please confirm your email address to start keeping likes, a watchlist and playlists.`,
          'Verify my email',
          "If you didn't create an account, you can ignore this email.",
        ]
      : [
          `Reset your ${PRODUCT_NAME} password`,
          `Someone asked to reset the password of your ${PRODUCT_NAME} account.`,
          'Choose a new password',
          "If you didn't ask for this, you can ignore this email; your password stays the same.",
        ];
  const text = `${greeting}\n\n${intro}\n\n${button}: ${link}\n\n${outro}\n\n— ${PRODUCT_NAME}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b0b0f;color:#e5e7eb;padding:24px">
<div style="max-width:480px;margin:auto;background:#16161d;border-radius:12px;padding:24px">
<h1 style="color:#f87171;font-size:22px;margin-top:0">${PRODUCT_NAME}</h1>
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#dc2626;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${button}</a></p>
<p style="font-size:12px;color:#9ca3af">Or paste this link into your browser:<br>${escapeHtml(link)}</p>
<p style="font-size:12px;color:#9ca3af">${escapeHtml(outro)}</p></div></body></html>`;
  return { to, subject, text, html };
}
