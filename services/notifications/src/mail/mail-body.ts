/** What a mail says: a greeting, the notification's sentence and the link to its page, as text and as HTML. */
export interface MailBody {
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** User text (names, sentences that may quote a title) is escaped before it goes into the HTML body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

export function mailBody(mail: { firstName: string; text: string; url: string }): MailBody {
  const text = [
    `Hello ${mail.firstName},`,
    '',
    `${mail.text}.`,
    '',
    `Open it on Souvenir: ${mail.url}`,
    '',
    '-- ',
    'Souvenir. You receive this e-mail because of your account; the same news is in the bell on the site.',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hello ${escapeHtml(mail.firstName)},</p>
<p>${escapeHtml(mail.text)}.</p>
<p><a href="${escapeHtml(mail.url)}">Open it on Souvenir</a></p>
<p style="color: #666; font-size: 12px">You receive this e-mail because of your account on Souvenir; the same news is in the bell on the site.</p>
</body></html>`;
  return { text, html };
}
