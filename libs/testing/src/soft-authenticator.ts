import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

interface StoredKey {
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

/** What a browser sends back from `navigator.credentials.create()`, in WebAuthn's JSON form. */
export interface SoftRegistrationResponse {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
}

/** What a browser sends back from `navigator.credentials.get()`, in WebAuthn's JSON form. */
export interface SoftAuthenticationResponse {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
  clientExtensionResults: Record<string, never>;
}

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/**
 * A platform authenticator in software, for server-side tests of passkeys: real P-256 keys, "none" attestation, a
 * signature counter, user presence and verification, the browser's client data for `origin`. It answers the JSON
 * options the server sends as a browser with a passkey would.
 */
export class SoftAuthenticator {
  private readonly keys = new Map<string, StoredKey>();
  private readonly rpIdHash: Buffer;

  constructor(readonly origin: string) {
    this.rpIdHash = sha256(new URL(origin).hostname);
  }

  /** A new discoverable passkey for the options' user; answers the registration response. */
  create(options: { challenge: string; user?: { id?: unknown } }): SoftRegistrationResponse {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const credentialId = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash,
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID
      idLength,
      credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const id = b64u(credentialId);
    this.keys.set(id, { privateKey, userHandle: String(options.user?.id ?? ''), counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** Signs the options' challenge with the passkey `id` (the only one when omitted); the counter moves by one. */
  get(options: { challenge: string }, id = [...this.keys.keys()][0]): SoftAuthenticationResponse {
    const key = this.keys.get(id);
    if (!key) throw new Error(`no passkey ${id}`);
    key.counter += 1;
    return this.assertion(id, key, options.challenge, key.counter);
  }

  /** As `get`, with a counter of the caller's choosing (a cloned authenticator's). */
  getWithCounter(options: { challenge: string }, counter: number, id = [...this.keys.keys()][0]) {
    const key = this.keys.get(id);
    if (!key) throw new Error(`no passkey ${id}`);
    return this.assertion(id, key, options.challenge, counter);
  }

  private assertion(id: string, key: StoredKey, challenge: string, counter: number): SoftAuthenticationResponse {
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const authenticatorData = Buffer.concat([this.rpIdHash, Buffer.from([0x05]), counterBytes]);
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      key.privateKey,
    );
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64u(authenticatorData),
        signature: b64u(signature),
        userHandle: key.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })).toString(
      'base64url',
    );
  }
}
