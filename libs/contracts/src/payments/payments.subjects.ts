import { UserExportRequest, type UserExportPage } from '../export/user-export';
import { CountSupportQueueRequest, type PaymentsQueueCountsDto } from '../support/support-queues';
import { defineRpc, rpc, type Done } from '../rpc/contract';
import { ADDRESS_BOOK_RPC } from './address-book.subjects';
import { OFFERS_RPC } from './offers.subjects';
import { GetBundleDiscountRequest, SetBundleDiscountRequest, type BundleDiscountDto } from './bundle';
import type { OrderDetailDto, OrdersPageDto, SupportCardDisputesPageDto, SupportClaimsPageDto } from './order.dto';
import type {
  PayoutAccountDto,
  PayoutOnboardingDto,
  PayoutsPageDto,
  LedgerPageDto,
  TestOnboardingDoneDto,
  TestOnboardingDto,
} from './payout.dto';
import type { OrdersDto, PaymentIntentDto, PaymentStatusDto, TestPaymentOutcomeDto } from './payment.dto';
import { GetDeletionBlockersRequest, type DeletionBlockersDto } from '../identity/account-deletion';
import {
  CountOrdersOfPeopleRequest,
  GetTrackRecordRequest,
  type PersonOrderCountsDto,
  type TrackRecordDto,
} from './track-record.dto';
import { GetOrderMailFactsRequest, GuestOrderLinksRequest, type OrderMailFactsDto } from './order-mail.dto';
import { ListOrderMessagesRequest, SendOrderMessageRequest, type OrderMessagesDto } from './order-message.dto';
import {
  CancelOrderRequest,
  ConfirmOrderRequest,
  ShipReturnRequest,
  ConfirmReturnRequest,
  ConfirmTestPaymentRequest,
  CreatePaymentIntentRequest,
  DecideClaimRequest,
  GetOrderRequest,
  HandleWebhookRequest,
  ListOpenClaimsRequest,
  ListOrdersPageRequest,
  ListOrdersRequest,
  MarkDeliveredRequest,
  OpenClaimRequest,
  ReconcilePaymentRequest,
  RespondToClaimRequest,
  ShipOrderRequest,
  GetPayoutAccountRequest,
  CreatePayoutAccountRequest,
  ListPayoutsRequest,
  ListLedgerRequest,
  GetTestOnboardingRequest,
  CompleteTestOnboardingRequest,
  ListCardDisputesRequest,
  GetOpenCheckoutRequest,
  type OpenCheckoutDto,
} from './payments.rpc';

import { GetBuyerProtectionRequest, type BuyerProtectionDto } from './buyer-protection';

/** payments' request/reply subjects, each with its request class and reply type. */
export const PAYMENTS_RPC = defineRpc('payments', {
  ...ADDRESS_BOOK_RPC,
  ...OFFERS_RPC,
  /** The signed-in seller's bundle discount (payments owns it; catalog shows a copy on their products). */
  getBundleDiscount: rpc('payments.bundle-discount.get', GetBundleDiscountRequest).returns<BundleDiscountDto>(),
  setBundleDiscount: rpc('payments.bundle-discount.set', SetBundleDiscountRequest).returns<BundleDiscountDto>(),
  createIntent: rpc('payments.intent.create', CreatePaymentIntentRequest).returns<PaymentIntentDto>(),
  confirmTestPayment: rpc('payments.intent.confirm-test', ConfirmTestPaymentRequest).returns<TestPaymentOutcomeDto>(),
  reconcile: rpc('payments.intent.reconcile', ReconcilePaymentRequest).returns<PaymentStatusDto>(),
  /** Asked by catalog before an edit: a listing in someone's checkout is not edited. */
  openCheckout: rpc('payments.product.open-checkout', GetOpenCheckoutRequest).returns<OpenCheckoutDto>(),
  handleWebhook: rpc('payments.webhook.handle', HandleWebhookRequest).returns<Done>(),
  getBuyerProtection: rpc('payments.protection.get', GetBuyerProtectionRequest).returns<BuyerProtectionDto>(),
  listOrders: rpc('payments.order.list', ListOrdersRequest).returns<OrdersDto>(),
  listOrdersPage: rpc('payments.order.page', ListOrdersPageRequest).returns<OrdersPageDto>(),
  getOrder: rpc('payments.order.get', GetOrderRequest).returns<OrderDetailDto>(),
  shipOrder: rpc('payments.order.ship', ShipOrderRequest).returns<OrderDetailDto>(),
  markDelivered: rpc('payments.order.mark-delivered', MarkDeliveredRequest).returns<OrderDetailDto>(),
  confirmOrder: rpc('payments.order.confirm', ConfirmOrderRequest).returns<OrderDetailDto>(),
  cancelOrder: rpc('payments.order.cancel', CancelOrderRequest).returns<OrderDetailDto>(),
  openClaim: rpc('payments.order.open-claim', OpenClaimRequest).returns<OrderDetailDto>(),
  respondToClaim: rpc('payments.order.respond-to-claim', RespondToClaimRequest).returns<OrderDetailDto>(),
  /** The messages kept on an order (its buyer, a guest by private link, and its seller), newest last. */
  listOrderMessages: rpc('payments.order.messages', ListOrderMessagesRequest).returns<OrderMessagesDto>(),
  sendOrderMessage: rpc('payments.order.send-message', SendOrderMessageRequest).returns<OrderMessagesDto>(),
  listOpenClaims: rpc('payments.claim.list-open', ListOpenClaimsRequest).returns<SupportClaimsPageDto>(),
  decideClaim: rpc('payments.claim.decide', DecideClaimRequest).returns<OrderDetailDto>(),
  /** The buyer sends the item back with tracking (a claim support decided with a return). */
  shipReturn: rpc('payments.order.ship-return', ShipReturnRequest).returns<OrderDetailDto>(),
  /** The seller has the item back: the buyer is refunded through the order's one refund. */
  confirmReturn: rpc('payments.order.confirm-return', ConfirmReturnRequest).returns<OrderDetailDto>(),
  listCardDisputes: rpc('payments.dispute.list-open', ListCardDisputesRequest).returns<SupportCardDisputesPageDto>(),
  /** Support only: how many claims and card disputes wait (the support nav's counts). */
  countSupportQueues: rpc('payments.support.queue-counts', CountSupportQueueRequest).returns<PaymentsQueueCountsDto>(),
  getPayoutAccount: rpc('payments.payout-account.get', GetPayoutAccountRequest).returns<PayoutAccountDto>(),
  createPayoutAccount: rpc('payments.payout-account.create', CreatePayoutAccountRequest).returns<PayoutOnboardingDto>(),
  listPayouts: rpc('payments.payout.list', ListPayoutsRequest).returns<PayoutsPageDto>(),
  listLedger: rpc('payments.payout.ledger', ListLedgerRequest).returns<LedgerPageDto>(),
  getTestOnboarding: rpc('payments.test-onboarding.get', GetTestOnboardingRequest).returns<TestOnboardingDto>(),
  completeTestOnboarding: rpc(
    'payments.test-onboarding.complete',
    CompleteTestOnboardingRequest,
  ).returns<TestOnboardingDoneDto>(),
  /** Open orders and money held or owed to the person: identity refuses an account deletion while there are any. */
  deletionBlockers: rpc('payments.user.deletion-blockers', GetDeletionBlockersRequest).returns<DeletionBlockersDto>(),
  getTrackRecord: rpc('payments.seller.track-record', GetTrackRecordRequest).returns<TrackRecordDto>(),
  /** moderation only: the orders each person on a queue page bought and sold (paid ones), in one request. */
  countOrdersOfPeople: rpc('payments.user.order-counts', CountOrdersOfPeopleRequest).returns<PersonOrderCountsDto[]>(),
  /** notifications only: the facts and links of the orders it mails about (guests' links are new private tokens). */
  getOrderMailFacts: rpc('payments.order.mail-facts', GetOrderMailFactsRequest).returns<OrderMailFactsDto[]>(),
  /** notifications only: "Find my order", the guest orders paid with an address, each with a new private link. */
  guestOrderLinks: rpc('payments.order.guest-links', GuestOrderLinksRequest).returns<OrderMailFactsDto[]>(),
  /** One page of one section of a person's data, for their data export (identity's job asks). */
  exportUserData: rpc('payments.user.export', UserExportRequest).returns<UserExportPage>(),
});
