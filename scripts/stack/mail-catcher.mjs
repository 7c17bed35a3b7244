/**
 * The local stack's mail catcher: an SMTP server that keeps every message in memory and a small
 * web view of the inbox. Nothing leaves the machine.
 *
 *   SMTP  127.0.0.1:1025 (SMTP_URL=smtp://127.0.0.1:1025 for the backend)
 *   Web   http://127.0.0.1:1080/            the inbox, newest first
 *         http://127.0.0.1:1080/messages    the same as JSON (what the tests read)
 *         DELETE /messages                  empties it
 *
 * Used by scripts/stack/run.mjs (every mode) and by the server tests (startMailCatcher on free
 * ports).
 */
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const MAX_MESSAGES = 500;
const MAX_SIZE = 1024 * 1024;

const escape = (text) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** A message's text with its web links clickable, as a mail program shows them. */
const linkify = (text) =>
  escape(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

export async function startMailCatcher({
  smtpPort = 1025,
  httpPort = 1080,
  host = '127.0.0.1',
} = {}) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_SIZE,
    logger: false,
    onData(stream, session, callback) {
      // mailparser is loaded with the first message: most server test files send none, and each
      // test file is a process of its own that would load it at start).
      import('mailparser')
        .then(({ simpleParser }) => simpleParser(stream))
        .then((mail) => {
          messages.unshift({
            id: messages.length + 1,
            receivedAt: new Date().toISOString(),
            from: mail.from?.text ?? '',
            to: mail.to?.text ?? '',
            replyTo: mail.replyTo?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            attachments: (mail.attachments ?? []).map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              size: a.size,
            })),
          });
          messages.length = Math.min(messages.length, MAX_MESSAGES);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, host, resolve);
  });
  const web = http.createServer((req, res) => {
    if (req.url === '/messages' && req.method === 'DELETE') {
      messages.length = 0;
      res.writeHead(204).end();
      return;
    }
    if (req.url === '/messages') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(messages));
      return;
    }
    const rows = messages
      .map(
        (m) =>
          `<article><h2>${escape(m.subject)}</h2><p><strong>To</strong> ${escape(m.to)} · <strong>From</strong> ${escape(m.from)} · ${escape(m.receivedAt)}</p><pre>${linkify(m.text)}</pre>${m.attachments.length ? `<p><strong>Attached</strong> ${m.attachments.map((a) => escape(a.filename)).join(', ')}</p>` : ''}</article>`,
      )
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Local inbox (${messages.length})</title><style>body{font:15px system-ui;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap}</style><main><h1>Local inbox</h1><p>Every e-mail the local stack sends lands here; nothing leaves this machine.</p>${rows || '<p>No messages yet.</p>'}</main></html>`,
    );
  });
  await new Promise((resolve, reject) => {
    web.once('error', reject);
    web.listen(httpPort, host, resolve);
  });
  return {
    smtpPort: smtp.server.address().port,
    httpPort: web.address().port,
    messages,
    async close() {
      await new Promise((resolve) => smtp.close(resolve));
      await new Promise((resolve) => web.close(resolve));
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  startMailCatcher({
    smtpPort: Number(process.env.MAIL_SMTP_PORT ?? 1025),
    httpPort: Number(process.env.MAIL_WEB_PORT ?? 1080),
  }).then(
    (catcher) => {
      console.log(
        `mail catcher: SMTP 127.0.0.1:${catcher.smtpPort} · inbox http://127.0.0.1:${catcher.httpPort}/`,
      );
      for (const signal of ['SIGINT', 'SIGTERM']) {
        process.once(signal, () => void catcher.close().then(() => process.exit(0)));
      }
    },
    (error) => {
      console.error(`mail catcher: ${error.message}`);
      process.exit(1);
    },
  );
}
