import { IsString, Matches } from 'class-validator';
import type { NatsCredentialsConfig } from './nats-connection';

/** How every process (the services and the gateway) reaches NATS and proves who it is there. */
export class NatsClientConfig implements NatsCredentialsConfig {
  @Matches(/^(nats|tls):\/\/[^,]+(,(nats|tls):\/\/[^,]+)*$/, {
    message: 'NATS_URL must be one or more nats:// URLs, comma separated',
  })
  NATS_URL = 'nats://127.0.0.1:4222';

  /**
   * The process's NATS user (its name) and password; empty connects anonymously, which every NATS the product runs
   * refuses (npm start's and the tests' stacks too: scripts/stack.mjs sets these). The NATS server grants each user
   * only its own subjects (libs/contracts NATS_GRANTS, deploy/nats).
   */
  @IsString()
  NATS_USER = '';

  @IsString()
  NATS_PASSWORD = '';

  /** CA certificate file that signed the NATS server's TLS certificate (tls:// URLs with a private CA); empty: system CAs. */
  @IsString()
  NATS_CA_FILE = '';
}
