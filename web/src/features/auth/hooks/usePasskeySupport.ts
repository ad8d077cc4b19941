import { useEffect, useState } from 'react';

/**
 * Whether this browser can use passkeys (`window.PublicKeyCredential` exists). False until mounted, so the server's
 * prerendered page and the first render agree.
 */
export function usePasskeySupport(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    setSupported(typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function');
  }, []);
  return supported;
}
