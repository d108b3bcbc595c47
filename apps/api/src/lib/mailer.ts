import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';

export type TMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};
export type TOutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** The List-Unsubscribe header fields, when the message has them (lower-case names). */
  headers: Record<string, string>;
};

export interface Mailer {
  send(mail: TMail): Promise<void>;
  /** Messages kept in the outbox (only when no SMTP server is configured), newest first. */
  outbox(): Promise<TOutboxMessage[]>;
}

/** SMTP when a URL is given; otherwise each message is written to `outboxDir` as an .eml file. */
export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      async outbox() {
        return [];
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true });
      // Sortable names: time, then the process and a counter for messages sent within the same millisecond
      // (several API processes may share one DATA_DIR, and must not overwrite each other's mail).
      const name = `${Date.now().toString().padStart(15, '0')}-${process.pid}-${String(sequence++).padStart(6, '0')}.eml`;
      await writeFile(path.join(opts.outboxDir, name), info.message as Buffer);
    },
    async outbox() {
      const names = await readdir(opts.outboxDir).catch(() => [] as string[]);
      const newestFirst = names
        .filter((n) => n.endsWith('.eml'))
        .sort()
        .reverse();
      return Promise.all(
        newestFirst.map(async (name) => {
          const parsed = await simpleParser(await readFile(path.join(opts.outboxDir, name)));
          const text = parsed.text ?? '';
          return {
            id: name.replace(/\.eml$/, ''),
            to: parsed.to
              ? [parsed.to]
                  .flat()
                  .map((a) => a.text)
                  .join(', ')
              : '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            links: [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
            headers: Object.fromEntries(
              parsed.headerLines
                .filter((h) => h.key.startsWith('list-unsubscribe'))
                .map((h) => [
                  h.key,
                  h.line
                    .slice(h.line.indexOf(':') + 1)
                    .replace(/\r?\n/g, '')
                    .trim(),
                ]),
            ),
          };
        }),
      );
    },
  };
}
