import type { Contract, Done } from '../rpc/contract';
import type { OrderDetailDto, OrdersPageDto, SupportCardDisputesPageDto, SupportClaimsPageDto } from './order.dto';
import type {
  PayoutAccountDto,
  PayoutOnboardingDto,
  PayoutsPageDto,
  TestOnboardingDoneDto,
  TestOnboardingDto,
} from './payout.dto';
import type { OrdersDto, PaymentIntentDto, PaymentStatusDto, TestPaymentOutcomeDto } from './payment.dto';
import {
  CancelOrderRequest,
  ConfirmOrderRequest,
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
  GetTestOnboardingRequest,
  CompleteTestOnboardingRequest,
  ListCardDisputesRequest,
} from './payments.rpc';

/** payments' request/reply subjects. */
export const PAYMENTS_RPC = {
  createIntent: 'payments.intent.create',
  confirmTestPayment: 'payments.intent.confirm-test',
  reconcile: 'payments.intent.reconcile',
  handleWebhook: 'payments.webhook.handle',
  listOrders: 'payments.order.list',
  listOrdersPage: 'payments.order.page',
  getOrder: 'payments.order.get',
  shipOrder: 'payments.order.ship',
  markDelivered: 'payments.order.mark-delivered',
  confirmOrder: 'payments.order.confirm',
  cancelOrder: 'payments.order.cancel',
  openClaim: 'payments.order.open-claim',
  respondToClaim: 'payments.order.respond-to-claim',
  listOpenClaims: 'payments.claim.list-open',
  decideClaim: 'payments.claim.decide',
  listCardDisputes: 'payments.dispute.list-open',
  getPayoutAccount: 'payments.payout-account.get',
  createPayoutAccount: 'payments.payout-account.create',
  listPayouts: 'payments.payout.list',
  getTestOnboarding: 'payments.test-onboarding.get',
  completeTestOnboarding: 'payments.test-onboarding.complete',
} as const;

export interface PaymentsContracts {
  [PAYMENTS_RPC.createIntent]: Contract<CreatePaymentIntentRequest, PaymentIntentDto>;
  [PAYMENTS_RPC.confirmTestPayment]: Contract<ConfirmTestPaymentRequest, TestPaymentOutcomeDto>;
  [PAYMENTS_RPC.reconcile]: Contract<ReconcilePaymentRequest, PaymentStatusDto>;
  [PAYMENTS_RPC.handleWebhook]: Contract<HandleWebhookRequest, Done>;
  [PAYMENTS_RPC.listOrders]: Contract<ListOrdersRequest, OrdersDto>;
  [PAYMENTS_RPC.listOrdersPage]: Contract<ListOrdersPageRequest, OrdersPageDto>;
  [PAYMENTS_RPC.getOrder]: Contract<GetOrderRequest, OrderDetailDto>;
  [PAYMENTS_RPC.shipOrder]: Contract<ShipOrderRequest, OrderDetailDto>;
  [PAYMENTS_RPC.markDelivered]: Contract<MarkDeliveredRequest, OrderDetailDto>;
  [PAYMENTS_RPC.confirmOrder]: Contract<ConfirmOrderRequest, OrderDetailDto>;
  [PAYMENTS_RPC.cancelOrder]: Contract<CancelOrderRequest, OrderDetailDto>;
  [PAYMENTS_RPC.openClaim]: Contract<OpenClaimRequest, OrderDetailDto>;
  [PAYMENTS_RPC.respondToClaim]: Contract<RespondToClaimRequest, OrderDetailDto>;
  [PAYMENTS_RPC.listOpenClaims]: Contract<ListOpenClaimsRequest, SupportClaimsPageDto>;
  [PAYMENTS_RPC.decideClaim]: Contract<DecideClaimRequest, OrderDetailDto>;
  [PAYMENTS_RPC.listCardDisputes]: Contract<ListCardDisputesRequest, SupportCardDisputesPageDto>;
  [PAYMENTS_RPC.getPayoutAccount]: Contract<GetPayoutAccountRequest, PayoutAccountDto>;
  [PAYMENTS_RPC.createPayoutAccount]: Contract<CreatePayoutAccountRequest, PayoutOnboardingDto>;
  [PAYMENTS_RPC.listPayouts]: Contract<ListPayoutsRequest, PayoutsPageDto>;
  [PAYMENTS_RPC.getTestOnboarding]: Contract<GetTestOnboardingRequest, TestOnboardingDto>;
  [PAYMENTS_RPC.completeTestOnboarding]: Contract<CompleteTestOnboardingRequest, TestOnboardingDoneDto>;
}

export const PAYMENTS_REQUEST_TYPES = {
  [PAYMENTS_RPC.createIntent]: CreatePaymentIntentRequest,
  [PAYMENTS_RPC.confirmTestPayment]: ConfirmTestPaymentRequest,
  [PAYMENTS_RPC.reconcile]: ReconcilePaymentRequest,
  [PAYMENTS_RPC.handleWebhook]: HandleWebhookRequest,
  [PAYMENTS_RPC.listOrders]: ListOrdersRequest,
  [PAYMENTS_RPC.listOrdersPage]: ListOrdersPageRequest,
  [PAYMENTS_RPC.getOrder]: GetOrderRequest,
  [PAYMENTS_RPC.shipOrder]: ShipOrderRequest,
  [PAYMENTS_RPC.markDelivered]: MarkDeliveredRequest,
  [PAYMENTS_RPC.confirmOrder]: ConfirmOrderRequest,
  [PAYMENTS_RPC.cancelOrder]: CancelOrderRequest,
  [PAYMENTS_RPC.openClaim]: OpenClaimRequest,
  [PAYMENTS_RPC.respondToClaim]: RespondToClaimRequest,
  [PAYMENTS_RPC.listOpenClaims]: ListOpenClaimsRequest,
  [PAYMENTS_RPC.decideClaim]: DecideClaimRequest,
  [PAYMENTS_RPC.listCardDisputes]: ListCardDisputesRequest,
  [PAYMENTS_RPC.getPayoutAccount]: GetPayoutAccountRequest,
  [PAYMENTS_RPC.createPayoutAccount]: CreatePayoutAccountRequest,
  [PAYMENTS_RPC.listPayouts]: ListPayoutsRequest,
  [PAYMENTS_RPC.getTestOnboarding]: GetTestOnboardingRequest,
  [PAYMENTS_RPC.completeTestOnboarding]: CompleteTestOnboardingRequest,
} as const;
