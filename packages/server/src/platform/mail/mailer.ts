import nodemailer from 'nodemailer';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface OutboxEntry {
  id: string;
  sentAt: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** messages kept in the outbox (embedded mode only; empty with SMTP) */
  outbox(): Promise<OutboxEntry[]>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise nodemailer's stream transport renders the
 * message and it is kept as a file in DATA_DIR/outbox, readable by a superAdmin through the API.
 */
export function createMailer(opts: { smtpUrl?: string | undefined; from: string; dataDir: string }): Mailer {
  const outboxDir = path.join(opts.dataDir, 'outbox');
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const to = Array.isArray(message.to) ? message.to : [message.to];
      const info = await transport.sendMail({ from: opts.from, ...message, to });
      if (opts.smtpUrl) return;
      const id = `${Date.now()}-${randomUUID()}`;
      await fs.mkdir(outboxDir, { recursive: true });
      const entry: OutboxEntry = {
        id,
        sentAt: new Date().toISOString(),
        to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        attachments: (message.attachments ?? []).map((a) => a.filename),
      };
      await fs.writeFile(path.join(outboxDir, `${id}.json`), JSON.stringify(entry, null, 2));
      await fs.writeFile(path.join(outboxDir, `${id}.eml`), (info as { message: Buffer }).message);
    },
    async outbox() {
      const files = await fs.readdir(outboxDir).catch(() => [] as string[]);
      const entries = await Promise.all(
        files
          .filter((f) => f.endsWith('.json'))
          .map(async (f) => JSON.parse(await fs.readFile(path.join(outboxDir, f), 'utf8')) as OutboxEntry),
      );
      return entries.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
    },
  };
}
