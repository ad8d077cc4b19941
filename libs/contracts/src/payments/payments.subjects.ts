import type { Contract, Done } from '../rpc/contract';
import type { OrdersDto, PaymentIntentDto, PaymentStatusDto, TestPaymentOutcomeDto } from './payment.dto';
import {
  ConfirmTestPaymentRequest, CreatePaymentIntentRequest, HandleWebhookRequest, ListOrdersRequest, ReconcilePaymentRequest,
} from './payments.rpc';

/** payments' request/reply subjects. */
export const PAYMENTS_RPC = {
  createIntent: 'payments.intent.create',
  confirmTestPayment: 'payments.intent.confirm-test',
  reconcile: 'payments.intent.reconcile',
  handleWebhook: 'payments.webhook.handle',
  listOrders: 'payments.order.list',
} as const;

export interface PaymentsContracts {
  [PAYMENTS_RPC.createIntent]: Contract<CreatePaymentIntentRequest, PaymentIntentDto>;
  [PAYMENTS_RPC.confirmTestPayment]: Contract<ConfirmTestPaymentRequest, TestPaymentOutcomeDto>;
  [PAYMENTS_RPC.reconcile]: Contract<ReconcilePaymentRequest, PaymentStatusDto>;
  [PAYMENTS_RPC.handleWebhook]: Contract<HandleWebhookRequest, Done>;
  [PAYMENTS_RPC.listOrders]: Contract<ListOrdersRequest, OrdersDto>;
}

export const PAYMENTS_REQUEST_TYPES = {
  [PAYMENTS_RPC.createIntent]: CreatePaymentIntentRequest,
  [PAYMENTS_RPC.confirmTestPayment]: ConfirmTestPaymentRequest,
  [PAYMENTS_RPC.reconcile]: ReconcilePaymentRequest,
  [PAYMENTS_RPC.handleWebhook]: HandleWebhookRequest,
  [PAYMENTS_RPC.listOrders]: ListOrdersRequest,
} as const;
