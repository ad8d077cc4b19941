import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { IdentityConfig } from '../config/identity.config';

/** Authenticator secrets at rest: AES-256-GCM with a fresh IV each, stored as `v1.<iv>.<tag>.<ciphertext>`. */
@Injectable()
export class SecretBox {
  private readonly key: Buffer;

  constructor(config: IdentityConfig) {
    this.key = createHash('sha256').update(config.TWO_FACTOR_ENCRYPTION_KEY).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [, iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}
