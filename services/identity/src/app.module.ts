import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '@souvenir/platform';
import { AccountDeletionController } from './account-deletion/account-deletion.controller';
import { AccountDeletionService } from './account-deletion/account-deletion.service';
import { AccountMail } from './account/account-mail';
import { BlocksController } from './blocks/blocks.controller';
import { BlocksRepository } from './blocks/blocks.repository';
import { BlocksService } from './blocks/blocks.service';
import { AccountController } from './account/account.controller';
import { AccountService } from './account/account.service';
import { AccountTokensRepository } from './account/account-tokens.repository';
import type { IdentityConfig } from './config/identity.config';
import { IDENTITY_MIGRATIONS } from './database/migrations';
import { PasskeysController } from './passkeys/passkeys.controller';
import { PasskeysRepository } from './passkeys/passkeys.repository';
import { PasskeysService } from './passkeys/passkeys.service';
import { PasswordHasher } from './users/password-hasher';
import { TrustEventsConsumer } from './users/trust-events.consumer';
import { ModerationDecisionsConsumer } from './moderation/moderation-decisions.consumer';
import { UserTrustService } from './users/user-trust.service';
import { UserEntity } from './users/user.entity';
import { UsersController } from './users/users.controller';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';
import { SecretBox } from './two-factor/secret-box';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { TwoFactorService } from './two-factor/two-factor.service';
import { ExportUserDataController } from './privacy/export-user-data.controller';
import { ExportArchiveWriter } from './privacy/export-archive';
import { ExportJobQueue } from './privacy/export-job-queue';
import { ExportJobs } from './privacy/export-jobs';
import { ExportRequestsController } from './privacy/export-requests.controller';
import { ExportRequestsRepository } from './privacy/export-requests.repository';
import { ExportRequestsService } from './privacy/export-requests.service';

export const SERVICE_NAME = 'identity';

@Module({})
export class AppModule {
  static register(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({
          name: SERVICE_NAME,
          config,
          entities: [UserEntity],
          migrations: IDENTITY_MIGRATIONS,
        }),
        TypeOrmModule.forFeature([UserEntity]),
      ],
      controllers: [
        UsersController,
        AccountController,
        TwoFactorController,
        PasskeysController,
        AccountDeletionController,
        ExportUserDataController,
        ExportRequestsController,
        BlocksController,
      ],
      providers: [
        UsersService,
        UsersRepository,
        PasswordHasher,
        UserTrustService,
        TrustEventsConsumer,
        ModerationDecisionsConsumer,
        AccountService,
        AccountTokensRepository,
        AccountMail,
        TwoFactorService,
        TwoFactorRepository,
        SecretBox,
        PasskeysService,
        PasskeysRepository,
        AccountDeletionService,
        ExportRequestsService,
        ExportRequestsRepository,
        ExportArchiveWriter,
        ExportJobQueue,
        ExportJobs,
        BlocksService,
        BlocksRepository,
      ],
    };
  }
}
