import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** A bell notification's sentence and link: the mails queued before each kind had its template gave each kind its own template. */
export const notification = defineMail<{ subject: string; text: string; link: string }>({
  kind: 'notification',
  transactional: true,
  compose: ({ subject, text, link }) => ({
    subject,
    blocks: [paragraph(`${text}.`), button('Open it on Souvenir Swap', link)],
  }),
});
