import type { SignInDeviceDto } from '@souvenir/contracts';
import type { Request } from 'express';
import { describeBrowser } from './describe-browser';
import { maskIp } from './mask-ip';

/**
 * The device a sign-in comes from, for identity's "new device" notice: the browser family and system, and the network
 * (the address without its last part). Not a device cookie: a private window or a cleared browser would then mail the
 * owner at every sign-in, and a second cookie on the sign-in answer would change what clients read as the session
 * cookie (see KnownClients). A person on a new network is told once, which is what a stranger with the password looks like.
 */
export function signInDevice(req: Request): SignInDeviceDto {
  return {
    browser: describeBrowser(req.get('user-agent') ?? '').slice(0, 120),
    network: maskIp(req.ip ?? '').slice(0, 64),
  };
}
