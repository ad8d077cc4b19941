import { ServiceConfig } from '@souvenir/platform';
import { IsString, Matches, MinLength, NotEquals, ValidateIf } from 'class-validator';

/** The development key of two-step sign-in secrets: refused in production. */
export const DEV_TWO_FACTOR_KEY = 'dev-only-two-factor-key-change-me-in-production';

/** identity's variables beyond the common service ones. */
export class IdentityConfig extends ServiceConfig {
  override HTTP_PORT: number = 4001;

  /**
   * Encrypts the authenticator secrets at rest (AES-256-GCM, key = SHA-256 of this), so a copy of the database alone
   * cannot produce anyone's codes. Must be set, and long, in production; changing it turns every secret unreadable.
   */
  @ValidateIf((c: { NODE_ENV?: string }) => c.NODE_ENV === 'production')
  @IsString()
  @MinLength(32, { message: 'TWO_FACTOR_ENCRYPTION_KEY must be at least 32 characters' })
  @NotEquals(DEV_TWO_FACTOR_KEY, { message: 'TWO_FACTOR_ENCRYPTION_KEY must be set to a secret value in production' })
  TWO_FACTOR_ENCRYPTION_KEY = DEV_TWO_FACTOR_KEY;

  /**
   * The site's origin as the browser sees it: passkeys are bound to its host name (the WebAuthn RP ID) and only
   * answers signed for this origin are accepted.
   */
  @Matches(/^https?:\/\/[^/\s]+$/, { message: 'PUBLIC_URL must be an http(s) origin without a path' })
  PUBLIC_URL = 'http://localhost:3000';

  /**
   * media's HTTP port as this process reaches it: the data export's job streams each archive there and reads the
   * person's photos from it (files never travel over NATS).
   */
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'MEDIA_INTERNAL_URL must be an http(s) URL' })
  MEDIA_INTERNAL_URL = 'http://127.0.0.1:4008';
}
