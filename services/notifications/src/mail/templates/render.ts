import { trackingUrl } from '@souvenir/contracts';
import mjml2html from 'mjml';
import type { MailBlock } from './blocks';
import { greeting, type MailRecipient, type MailTemplate } from './define-mail';

/** A mail ready for SMTP: both parts always, and the unsubscribe address of non-transactional kinds. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** For the List-Unsubscribe header; undefined for transactional kinds. */
  unsubscribeUrl?: string;
}

/** Where a non-transactional mail's unsubscribe link leads when it has no one-click link: the person's settings. */
export const UNSUBSCRIBE_PATH = '/settings/notifications';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Everything a template passes (names, titles, messages someone typed) is escaped before it meets markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** A header value with CR or LF would start a new header (header injection): refused, never cleaned up silently. */
export function assertHeaderSafe(value: string, what: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`The mail's ${what} holds a line break`);
  return value;
}

/**
 * A link in a mail is always absolute and on the site's own origin: a path becomes PUBLIC_URL + path, and an absolute
 * URL elsewhere is refused (a mail never sends people off the site).
 */
export function siteLink(href: string, publicUrl: string): string {
  const url = new URL(href, publicUrl);
  if (url.origin !== new URL(publicUrl).origin) throw new Error(`A mail link leaves the site: ${url.origin}`);
  return url.toString();
}

export async function renderMail<P>(
  template: MailTemplate<P>,
  params: P,
  to: MailRecipient,
  publicUrl: string,
  /** The one-click unsubscribe path (signed for this recipient and kind); settings page without it. */
  unsubscribePath: string = UNSUBSCRIBE_PATH,
): Promise<RenderedMail> {
  const content = template.compose(params, to);
  const subject = assertHeaderSafe(content.subject, 'subject');
  const link = (href: string) => siteLink(href, publicUrl);
  const unsubscribeUrl = template.transactional ? undefined : link(unsubscribePath);
  const footer = template.transactional
    ? 'You receive this e-mail because of your order or your account on Souvenir Swap.'
    : 'You receive this e-mail because of your account on Souvenir Swap.';

  const text = [
    greeting(to),
    '',
    ...content.blocks.flatMap((block) => [blockText(block, link), '']),
    '-- ',
    `Souvenir Swap · ${publicUrl}`,
    footer,
    ...(unsubscribeUrl ? [`Unsubscribe or choose which e-mails you get: ${unsubscribeUrl}`] : []),
  ].join('\n');

  const body = [mjText(escapeHtml(greeting(to))), ...content.blocks.map((block) => blockMjml(block, link))].join('\n');
  const footerHtml = [
    escapeHtml(footer),
    ...(unsubscribeUrl ? [`<a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b6b6b">Unsubscribe</a>`] : []),
  ].join(' ');
  const { html, errors } = await mjml2html(
    `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    ${content.preview ? `<mj-preview>${escapeHtml(content.preview)}</mj-preview>` : ''}
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="#1f1f1f" />
      <mj-button background-color="#1565c0" color="#ffffff" font-size="15px" border-radius="6px" align="left" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f4f4">
    <mj-section padding="16px 0 0"><mj-column>
      <mj-text font-size="20px" font-weight="bold" color="#1565c0">Souvenir Swap</mj-text>
    </mj-column></mj-section>
    <mj-section background-color="#ffffff" padding="8px 0"><mj-column>
${body}
    </mj-column></mj-section>
    <mj-section padding="0 0 16px"><mj-column>
      <mj-text font-size="12px" color="#6b6b6b">${footerHtml}</mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`,
    { validationLevel: 'strict' },
  );
  if (errors.length) throw new Error(`MJML: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return { subject, text, html, unsubscribeUrl };
}

const mjText = (html: string, attributes = '') => `      <mj-text${attributes}>${html}</mj-text>`;
const lines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br />');

function blockMjml(block: MailBlock, link: (href: string) => string): string {
  switch (block.type) {
    case 'paragraph':
      return mjText(lines(block.text));
    case 'button':
      return `      <mj-button href="${escapeHtml(link(block.href))}">${escapeHtml(block.label)}</mj-button>`;
    case 'facts':
      return `      <mj-table>${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:2px 12px 2px 0;color:#6b6b6b">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</mj-table>`;
    case 'quote':
      return mjText(
        `<strong>${escapeHtml(block.author)}</strong><br /><span style="white-space:pre-wrap">${lines(block.text)}</span>`,
        ' padding-left="36px" color="#333333"',
      );
    case 'tracking': {
      // The one link a mail may send off the site: a known carrier's own tracking page, from the carriers' table.
      const url = trackingUrl(block.carrier, block.trackingNumber);
      const number = block.trackingNumber
        ? `, tracking number ${
            url
              ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(block.trackingNumber)}</a>`
              : escapeHtml(block.trackingNumber)
          }`
        : '';
      return mjText(`Carrier: ${escapeHtml(block.carrier)}${number}`);
    }
  }
}

function blockText(block: MailBlock, link: (href: string) => string): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'button':
      return `${block.label}: ${link(block.href)}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'quote':
      return `${block.author} wrote:\n${block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n')}`;
    case 'tracking': {
      const url = trackingUrl(block.carrier, block.trackingNumber);
      const number = block.trackingNumber ? `, tracking number ${block.trackingNumber}` : '';
      return `Carrier: ${block.carrier}${number}${url ? `\nTrack it: ${url}` : ''}`;
    }
  }
}
