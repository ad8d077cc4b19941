import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { JobQueue } from '../../jobs/job-queue';

/**
 * The signing secret of test-mode webhooks. It is public on purpose: the test-mode provider refuses to run in
 * production (PaymentsConfig), and with Stripe keys only STRIPE_WEBHOOK_SECRET verifies deliveries.
 */
export const TEST_MODE_WEBHOOK_SECRET = 'whsec_test_mode_local';

export const TEST_WEBHOOK_DELIVERY = 'payments.test-webhook-delivery';

export interface TestWebhookDelivery {
  payload: string;
  signature: string;
}

const signer = new Stripe('sk_test_signing_only');

/** A delivery as Stripe makes it: an event object, its JSON as the body, and a `Stripe-Signature` header over it. */
export function signedTestEvent(
  type: string,
  object: object,
  created = Math.floor(Date.now() / 1000),
): TestWebhookDelivery {
  const payload = JSON.stringify({
    id: `evt_test_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created,
    livemode: false,
    type,
    data: { object },
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  return {
    payload,
    signature: signer.webhooks.generateTestHeaderString({ payload, secret: TEST_MODE_WEBHOOK_SECRET }),
  };
}

/** Verifies a test-mode delivery the way the Stripe SDK verifies Stripe's. */
export function verifyTestEvent(payload: string, signature: string): Stripe.Event {
  return signer.webhooks.constructEvent(payload, signature, TEST_MODE_WEBHOOK_SECRET);
}

/**
 * The test-mode provider's webhooks: like Stripe's, delivered after the change, retried until accepted (a durable
 * job created in the change's transaction), and possibly more than once, so the receiver's once-per-event rule is exercised.
 */
@Injectable()
export class TestWebhooks {
  private defined: Promise<void> | null = null;

  constructor(private readonly jobs: JobQueue) {}

  ready(): Promise<void> {
    this.defined ??= this.jobs.define(TEST_WEBHOOK_DELIVERY, {
      retryLimit: 20,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 300,
    });
    return this.defined;
  }

  async send(manager: EntityManager, type: string, object: object): Promise<void> {
    await this.ready();
    await this.jobs.sendInTransaction(manager, TEST_WEBHOOK_DELIVERY, signedTestEvent(type, object));
  }
}
