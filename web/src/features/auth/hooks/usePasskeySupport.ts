import { useState } from 'react';

/**
 * Whether this browser can use passkeys (`window.PublicKeyCredential` exists). Read once when first rendered: the
 * Sign In dialog and the account page are never in the prerendered HTML, so there is no server answer to agree with.
 */
export function usePasskeySupport(): boolean {
  const [supported] = useState(() => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function');
  return supported;
}
