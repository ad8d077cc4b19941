import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ErrorCode,
  RPC,
  type CompleteTestOnboardingRequest,
  type CreatePayoutAccountRequest,
  type GetPayoutAccountRequest,
  type GetTestOnboardingRequest,
  type PayoutAccountDto,
  type PayoutOnboardingDto,
  type TestOnboardingDoneDto,
  type TestOnboardingDto,
} from '@souvenir/contracts';
import { DomainError, RpcClient } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { ProviderEventsRepository, type ProviderEventRecord } from '../providers/provider-events.repository';
import { PaymentProvider, type ProviderAccount, type TestModeCapability } from '../providers/payment-provider';
import { SellerRecords } from '../sellers/seller-records';
import type { PayoutAccountEntity } from './payout-account.entity';
import { PayoutAccountsRepository } from './payout-accounts.repository';
import { toPayoutAccountDto } from './payout-views';
import { PayoutsService } from './payouts.service';

const PAYOUT_DETAILS_NEED_SESSION = 'Sign in as the seller to change the payout details of this account.';
const PAYOUT_DETAILS_ARE_THE_SELLERS = "Only the account's seller can change its payout details.";

/** Sellers are paid in the US today (the marketplace ships domestically). */
const PAYOUT_COUNTRY = 'US';
/**
 * An account not active is read from the provider when its page loads, at most this often: a seller back from
 * onboarding sees the new state at once, and reloading (or a script) cannot turn page views into provider calls.
 */
const PROVIDER_READ_EVERY_MS = 10_000;

/**
 * Active when the provider lets the account take charges and receive payouts and nothing is due (Stripe's rule for
 * an Express account); restricted when details were given and the provider still refuses or wants more; pending while
 * the seller has not finished onboarding.
 */
export function accountStatus(account: ProviderAccount): PayoutAccountEntity['status'] {
  if (account.chargesEnabled && account.payoutsEnabled && account.currentlyDue.length === 0) return 'active';
  return account.detailsSubmitted ? 'restricted' : 'pending';
}

/** A seller's payout account: created at the provider on the first "Get paid", its status kept from the provider's events. */
@Injectable()
export class PayoutAccountsService {
  private readonly logger = new Logger(PayoutAccountsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly provider: PaymentProvider,
    private readonly payouts: PayoutsService,
    private readonly accounts: PayoutAccountsRepository,
    private readonly providerEvents: ProviderEventsRepository,
    private readonly rpc: RpcClient,
    private readonly sellerRecords: SellerRecords,
  ) {}

  /**
   * The caller's account. One not active yet is read from the provider too, so a seller coming back from onboarding
   * sees its state even when the webhook is late or lost.
   */
  async get({ actorId }: GetPayoutAccountRequest): Promise<PayoutAccountDto> {
    let account = await this.accounts.findBySeller(actorId);
    if (account && account.status !== 'active' && Date.now() - account.updatedAt.getTime() >= PROVIDER_READ_EVERY_MS) {
      await this.apply(await this.provider.retrieveAccount(account.providerAccountId), Math.floor(Date.now() / 1000));
      account = await this.accounts.findBySeller(actorId);
    }
    return toPayoutAccountDto(account);
  }

  /** Creates the account at the provider (once: the key is the seller's) and answers a fresh onboarding link. */
  async createOnboarding({ actorId, returnUrl, refreshUrl }: CreatePayoutAccountRequest): Promise<PayoutOnboardingDto> {
    let account = await this.accounts.findBySeller(actorId);
    if (!account) {
      const me = await this.rpc.send(RPC.identity.getMe, { actorId });
      const created = await this.provider.createAccount({
        sellerId: actorId,
        email: me.email ?? null,
        country: PAYOUT_COUNTRY,
        idempotencyKey: `account-${actorId}`,
      });
      account = await this.accounts.insertOnce({
        sellerId: actorId,
        provider: this.provider.name,
        providerAccountId: created.id,
        status: accountStatus(created),
        requirementsDue: created.currentlyDue,
        bankLast4: created.bankLast4,
        lastEventAt: 0,
      });
    }
    return { url: await this.provider.createAccountLink(account.providerAccountId, { returnUrl, refreshUrl }) };
  }

  /**
   * The provider's view of an account (`account.updated`, or read on demand), applied unless a newer one was; an
   * account that becomes active gets its waiting payouts paid, in the same transaction, and the seller's standing
   * changes with it.
   */
  async apply(account: ProviderAccount, created: number, event?: ProviderEventRecord): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (event && !(await this.providerEvents.withManager(manager).recordOnce(event))) return;
      const accounts = this.accounts.withManager(manager);
      const row = await accounts.lockByProviderAccountId(account.id);
      if (!row) {
        this.logger.warn({ msg: 'account event for an unknown account', accountId: account.id });
        return;
      }
      if (created < row.lastEventAt) return;
      const wasActive = row.status === 'active';
      Object.assign(row, {
        status: accountStatus(account),
        requirementsDue: account.currentlyDue,
        bankLast4: account.bankLast4 ?? row.bankLast4,
        lastEventAt: created,
      });
      // Saved even when nothing changed: updated_at is when the provider was last heard, which paces get().
      row.updatedAt = new Date();
      await accounts.save(row);
      if (!wasActive && row.status === 'active') await this.payouts.resumeWaiting(manager, row.sellerId);
      // The seller's standing (Verified) follows the account: earned when active, lost when restricted.
      if (wasActive !== (row.status === 'active')) {
        await this.sellerRecords.payoutsActiveChanged(manager, row.sellerId, row.status === 'active');
      }
    });
  }

  getTestOnboarding({ token }: GetTestOnboardingRequest): Promise<TestOnboardingDto> {
    return this.testMode().onboardingPage(token);
  }

  /**
   * A link alone may give an account its first details (the seller may open it on another device, as Stripe's hosted
   * page allows); changing details already given (the bank account of an active seller) needs the seller's session,
   * so a link that leaked cannot redirect their money.
   */
  async completeTestOnboarding({
    token,
    actorId,
    ...details
  }: CompleteTestOnboardingRequest): Promise<TestOnboardingDoneDto> {
    return this.testMode().completeOnboarding(token, details, async (account) => {
      if (!account.detailsSubmitted) return;
      if (!actorId) throw new DomainError(ErrorCode.Unauthenticated, PAYOUT_DETAILS_NEED_SESSION);
      const ours = await this.accounts.findByProviderAccountId(account.id);
      if (ours?.sellerId !== actorId) throw DomainError.forbidden(PAYOUT_DETAILS_ARE_THE_SELLERS);
    });
  }

  private testMode(): TestModeCapability {
    const testMode = this.provider.testMode;
    if (!testMode) throw DomainError.notFound('Onboarding link');
    return testMode;
  }
}
