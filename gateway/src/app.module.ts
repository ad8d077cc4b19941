import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { connectNats, NATS_CONNECTION, NatsConnectionCloser, RPC_TIMEOUT_MS, RpcClient } from '@souvenir/platform';
import type { Redis } from 'ioredis';
import { GatewayConfig } from './config/gateway.config';
import { AllErrorsFilter } from './errors/all-errors.filter';
import { HealthController } from './health/health.controller';
import { REDIS, RedisCloser, redisProvider } from './redis.provider';
import { AccountLimits } from './routes/auth/account-limits';
import { AccountController } from './routes/auth/account.controller';
import { TwoFactorController } from './routes/auth/two-factor.controller';
import { PasskeysController } from './routes/auth/passkeys.controller';
import { AuthController } from './routes/auth/auth.controller';
import { SessionsController } from './routes/auth/sessions.controller';
import { CustomsController, CustomsSupportController } from './routes/catalog/customs.controller';
import { ProductsController } from './routes/catalog/products.controller';
import { InboxFreshness } from './routes/messaging/inbox-freshness';
import { MessagesController } from './routes/messaging/messages.controller';
import { NotificationsController } from './routes/notifications/notifications.controller';
import {
  NotificationSettingsController,
  UnsubscribeController,
} from './routes/notifications/notification-settings.controller';
import { FindOrderController } from './routes/orders/find-order.controller';
import { OrderMessagesController } from './routes/orders/order-messages.controller';
import { OrdersController } from './routes/orders/orders.controller';
import { SupportController } from './routes/orders/support.controller';
import { AddressesController } from './routes/payments/addresses.controller';
import { OffersController, ProductOffersController } from './routes/payments/offers.controller';
import { PaymentsController } from './routes/payments/payments.controller';
import { PayoutsController } from './routes/payouts/payouts.controller';
import { ReviewsSupportController } from './routes/reviews/reviews-support.controller';
import { SupportQueuesController } from './routes/support/support-queues.controller';
import { ModerationSupportController, ReportsController } from './routes/moderation/reports.controller';
import { Suspensions } from './routes/moderation/suspensions';
import { SavedSearchesController } from './routes/alerts/saved-searches.controller';
import { RelistController } from './routes/catalog/relist.controller';
import { EditListingController } from './routes/catalog/edit-listing.controller';
import { ReservationsController } from './routes/catalog/reservations.controller';
import { AwayController, UserAwayController } from './routes/catalog/away.controller';
import { OrderReturnsController } from './routes/orders/order-returns.controller';
import { ReviewsController } from './routes/reviews/reviews.controller';
import { LiveHub } from './routes/stream/live-hub';
import { StreamController } from './routes/stream/stream.controller';
import { WebhooksController } from './routes/payments/webhooks.controller';
import { BundleDiscountController } from './routes/payments/bundle-discount.controller';
import { FavouriteMarker } from './routes/favourites/favourite-marker';
import { FavouritesController } from './routes/favourites/favourites.controller';
import { UsersController } from './routes/users/users.controller';
import { AvatarController } from './routes/users/avatar.controller';
import { DataExportController } from './routes/users/data-export.controller';
import { BlocksController } from './routes/users/blocks.controller';
import { requestValidationPipe } from './rpc/validation.pipe';
import { SessionIndex } from './session/session-index';
import { UnverifiedAllowance, UnverifiedAllowanceGuard } from './session/unverified-allowance';
import { RateLimits } from './security/rate-limits';
import { WriteLimitGuard, WriteLimits } from './security/write-limits';

/** The gateway: `/api/*` mapped to the services over NATS, sessions and limits in Redis. No business rules. */
@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      controllers: [
        HealthController,
        AuthController,
        AccountController,
        TwoFactorController,
        PasskeysController,
        SessionsController,
        UsersController,
        AvatarController,
        DataExportController,
        BlocksController,
        ProductsController,
        CustomsController,
        CustomsSupportController,
        FavouritesController,
        MessagesController,
        PaymentsController,
        AddressesController,
        OffersController,
        ProductOffersController,
        WebhooksController,
        FindOrderController,
        OrderMessagesController,
        OrdersController,
        SupportController,
        PayoutsController,
        ReviewsController,
        ReviewsSupportController,
        SupportQueuesController,
        ReportsController,
        ModerationSupportController,
        RelistController,
        EditListingController,
        ReservationsController,
        AwayController,
        UserAwayController,
        BundleDiscountController,
        OrderReturnsController,
        StreamController,
        NotificationsController,
        NotificationSettingsController,
        UnsubscribeController,
        SavedSearchesController,
      ],
      providers: [
        { provide: GatewayConfig, useValue: config },
        { provide: RPC_TIMEOUT_MS, useValue: config.RPC_TIMEOUT_MS },
        { provide: APP_FILTER, useClass: AllErrorsFilter },
        { provide: APP_PIPE, useFactory: requestValidationPipe },
        redisProvider,
        RedisCloser,
        RpcClient,
        FavouriteMarker,
        // One NATS connection: requests to the services (RpcClient) and messaging's inbox.changed events.
        { provide: NATS_CONNECTION, useFactory: () => connectNats(config.NATS_URL, 'gateway', config) },
        NatsConnectionCloser,
        InboxFreshness,
        LiveHub,
        Suspensions,
        {
          provide: RateLimits,
          inject: [REDIS, GatewayConfig],
          useFactory: (redis: Redis, c: GatewayConfig) => new RateLimits(redis, c),
        },
        {
          provide: WriteLimits,
          inject: [REDIS, GatewayConfig],
          useFactory: (redis: Redis, c: GatewayConfig) => new WriteLimits(redis, c),
        },
        WriteLimitGuard,
        SessionIndex,
        AccountLimits,
        UnverifiedAllowance,
        UnverifiedAllowanceGuard,
      ],
    };
  }
}
