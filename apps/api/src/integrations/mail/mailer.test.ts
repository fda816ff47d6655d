import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../../test/fixtures/smtp-capture';
import { accountMail, maskAddress, Mailer } from './mailer';

/** A log that keeps every line, as the JSON pino would write. */
function capturedLog() {
  const lines: string[] = [];
  const keep = (obj: object, msg: string) => void lines.push(JSON.stringify({ ...obj, msg }));
  return { lines, log: { info: keep, error: keep } };
}

const to = 'jane.doe+films@private-domain.example';
const mail = accountMail('verify', to, 'Jane', 'http://localhost:3000/api/auth/verify-email?token=t0ken');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the mail log names no recipient address', () => {
  it('outbox: the mail is written (its file named by the address), the log line has the address masked', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    dirs.push(outboxDir);
    const { lines, log } = capturedLog();
    await new Mailer({ outboxDir }, log).send(mail);
    // Developers' tools find a mail by its address in the file name: that stays.
    expect(
      readdirSync(outboxDir).filter((f) => f.endsWith('-jane.doe_films@private-domain.example.eml')),
    ).toHaveLength(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('mail written to the outbox');
    expect(lines[0]).toContain(maskAddress(to));
    for (const part of [to, 'jane.doe', 'private-domain', 't0ken']) expect(lines[0]).not.toContain(part);
  });

  it('SMTP: the mail is sent to the address, the log line has it masked', async () => {
    const smtp = await startSmtpCapture();
    try {
      const { lines, log } = capturedLog();
      await new Mailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent' }, log).send(mail);
      expect(smtp.mails.map((m) => m.to)).toEqual([to]);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('mail sent');
      for (const part of [to, 'jane.doe', 'private-domain', 't0ken']) expect(lines[0]).not.toContain(part);
    } finally {
      await smtp.close();
    }
  });

  it('maskAddress keeps the first letter of each part and the top-level domain', () => {
    expect(maskAddress(to)).toBe('j***@p***.example');
    expect(maskAddress('a@b.co')).toBe('a***@b***.co');
    expect(maskAddress('no-at-sign')).toBe('n***');
    expect(maskAddress('x@localhost')).toBe('x***@l***');
  });
});
