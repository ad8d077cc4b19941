import { button, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** The person's copy of their data is ready: the link works while they are signed in, until it expires. */
export const dataExportReady = defineMail<{ linkPath: string; expiresAt: string }>({
  kind: 'data-export-ready',
  transactional: true,
  compose: ({ linkPath, expiresAt }) => ({
    subject: 'Your Souvenir Swap data is ready to download',
    preview: `The download works until ${new Date(expiresAt).toUTCString()}.`,
    blocks: [
      paragraph('The copy of your data you asked for is ready: one zip file with your data as JSON and your photos.'),
      button('Download my data', linkPath),
      paragraph(
        `The link works for you only, once you are signed in, until ${new Date(expiresAt).toUTCString()}; then the file is deleted. If you did not ask for it, change your password.`,
      ),
    ],
  }),
});
