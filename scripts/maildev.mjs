#!/usr/bin/env node
// The local mail server of `npm start` and the tests when SMTP_URL is unset: MailDev (the `maildev` package) on
// loopback, its SMTP on MAILDEV_SMTP_PORT (1025) and its inbox and REST API (GET /api/email) on MAILDEV_WEB_PORT
// (1080). Started through the package's API: its command line (3.0.0) exits without listening when run by a script.
import { mkdirSync } from 'node:fs';
import { MailDev } from 'maildev';

const smtp = Number(process.env.MAILDEV_SMTP_PORT ?? 1025);
const web = Number(process.env.MAILDEV_WEB_PORT ?? 1080);
const mailDirectory = process.env.MAILDEV_MAIL_DIRECTORY || undefined;
if (mailDirectory) mkdirSync(mailDirectory, { recursive: true, mode: 0o700 });

const maildev = new MailDev({ smtp, web, ip: '127.0.0.1', webIp: '127.0.0.1', mailDirectory, silent: true });
await maildev.start();
console.log(`[maildev] SMTP on 127.0.0.1:${smtp}, inbox on http://localhost:${web}`);

const stop = async () => {
  await maildev.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
