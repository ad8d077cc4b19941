import { button, facts, paragraph } from '../blocks';
import { defineMail } from '../define-mail';

/** A security notice: a sign-in from a browser and network the account had not used before. */
export const newDeviceSignIn = defineMail<{ browser: string; network: string; signedInAt: string }>({
  kind: 'new-device-sign-in',
  transactional: true,
  compose: ({ browser, network, signedInAt }) => ({
    subject: 'New sign-in to your Souvenir Swap account',
    blocks: [
      paragraph('Your Souvenir Swap account was just signed in to from a device or a network it had not used before.'),
      facts([
        ['Browser', browser],
        ['Network', network],
        ['When', new Date(signedInAt).toUTCString()],
      ]),
      paragraph('If it was you, there is nothing to do.'),
      paragraph(
        'If it was not you, sign that device out from your account page and change your password; turning on two-step sign-in keeps a stolen password from being enough.',
      ),
      button('Review your signed-in devices', '/account'),
    ],
  }),
});
