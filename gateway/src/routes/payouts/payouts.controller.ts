import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ErrorCode,
  FreshTwoFactorCodeDto,
  ListLedgerQueryDto,
  ListPayoutsQueryDto,
  RPC,
  TestOnboardingDetailsDto,
  type LedgerPageDto,
  type PayoutAccountDto,
  type PayoutOnboardingDto,
  type PayoutsPageDto,
  type TestOnboardingDoneDto,
  type TestOnboardingDto,
} from '@souvenir/contracts';
import { DomainError, RpcClient } from '@souvenir/platform';
import type { Request, Response } from 'express';
import { GatewayConfig } from '../../config/gateway.config';
import { requestValidationPipe } from '../../rpc/validation.pipe';
import { WriteLimit } from '../../security/write-limits';
import { ActorId, AuthGuard, OptionalActorId } from '../../session/auth.guard';
import { AccountLimits } from '../auth/account-limits';
import { publicOrigin } from '../../web/public-origin';
import { ledgerCsvHeader, ledgerCsvRow } from './ledger-csv';
import { OnboardingTokenPipe } from './onboarding-token.pipe';

const LEDGER_CSV_PAGE = 200;
const LEDGER_CSV_MAX_PAGES = 100;

/**
 * Sellers get paid: the caller's payout account, its onboarding link, their balance and payouts; and the
 * test-mode provider's onboarding page, whose token is the capability for a first onboarding (like Stripe's hosted
 * page); changing details already given also needs the seller's session. Writes count against the `orders` write limit. payments decides everything else.
 */
@Controller('api/payouts')
export class PayoutsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly config: GatewayConfig,
    private readonly limits: AccountLimits,
  ) {}

  @Get('account')
  @UseGuards(AuthGuard)
  account(@ActorId() actorId: string): Promise<PayoutAccountDto> {
    return this.rpc.send(RPC.payments.getPayoutAccount, { actorId });
  }

  /**
   * Creates the account if needed and answers a fresh onboarding link. The provider sends the seller back to this
   * site's Payouts page: the site's public address (publicOrigin: the configured one, or the request's own).
   */
  @Post('account')
  @WriteLimit('orders')
  @UseGuards(AuthGuard)
  @HttpCode(200)
  async startOnboarding(
    @ActorId() actorId: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PayoutOnboardingDto> {
    const origin = publicOrigin(this.config.ALLOWED_ORIGINS, req);
    if (!origin) throw new DomainError(ErrorCode.ValidationFailed, 'The request has no valid Host header');
    // Payout details say where the money goes: with two-step sign-in on, a stolen session alone cannot change them.
    const { code } = (await requestValidationPipe().transform(req.body ?? {}, {
      type: 'body',
      metatype: FreshTwoFactorCodeDto,
    })) as FreshTwoFactorCodeDto;
    if (code) await this.limits.consume('codesPerIp', req.ip ?? 'unknown', res);
    await this.rpc.send(RPC.identity.confirmTwoFactor, { actorId, ...(code ? { code } : {}) });
    const page = `${origin}/profile/payouts`;
    return this.rpc.send(RPC.payments.createPayoutAccount, {
      actorId,
      returnUrl: `${page}?onboarding=return`,
      refreshUrl: `${page}?onboarding=refresh`,
    });
  }

  /** The balance and one page of payouts, newest first. */
  @Get()
  @UseGuards(AuthGuard)
  list(@ActorId() actorId: string, @Query() query: ListPayoutsQueryDto): Promise<PayoutsPageDto> {
    return this.rpc.send(RPC.payments.listPayouts, {
      actorId,
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.limit ? { limit: query.limit } : {}),
    });
  }

  /** The balances and one page of the seller's ledger (every money line, running balances), newest first. */
  @Get('ledger')
  @UseGuards(AuthGuard)
  ledger(@ActorId() actorId: string, @Query() query: ListLedgerQueryDto): Promise<LedgerPageDto> {
    return this.rpc.send(RPC.payments.listLedger, {
      actorId,
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.limit ? { limit: query.limit } : {}),
    });
  }

  /**
   * The whole ledger as a CSV download, newest first, read page after page. Bounded: a seller with more lines than
   * that gets the newest ones (a note ends the file), which no seller of this marketplace comes near.
   */
  @Get('ledger.csv')
  @UseGuards(AuthGuard)
  async ledgerCsv(@ActorId() actorId: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    let csv = ledgerCsvHeader();
    let cursor: string | null = null;
    for (let page = 0; page < LEDGER_CSV_MAX_PAGES; page++) {
      const answer: LedgerPageDto = await this.rpc.send(RPC.payments.listLedger, {
        actorId,
        limit: LEDGER_CSV_PAGE,
        ...(cursor ? { cursor } : {}),
      });
      csv += answer.items.map(ledgerCsvRow).join('');
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    if (cursor) csv += 'Older lines are left out of this download\r\n';
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="souvenir-swap-ledger-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    res.setHeader('Cache-Control', 'no-store');
    return csv;
  }

  @Get('test-onboarding/:token')
  testOnboarding(@Param('token', OnboardingTokenPipe) token: string): Promise<TestOnboardingDto> {
    return this.rpc.send(RPC.payments.getTestOnboarding, { token });
  }

  /**
   * The body is checked here, after the token: Nest runs the pipes of a handler's parameters side by side, and a
   * token that names no link is a 404 whatever the body holds. The session, if any, goes along: a first onboarding
   * needs only the link, but changing the details of an account that has some needs the seller's session.
   */
  @Post('test-onboarding/:token')
  @WriteLimit('orders')
  @HttpCode(200)
  async completeTestOnboarding(
    @Param('token', OnboardingTokenPipe) token: string,
    @OptionalActorId() actorId: string | undefined,
    @Body() body: Record<string, unknown>,
  ): Promise<TestOnboardingDoneDto> {
    const details = (await requestValidationPipe().transform(body, {
      type: 'body',
      metatype: TestOnboardingDetailsDto,
    })) as TestOnboardingDetailsDto;
    return this.rpc.send(RPC.payments.completeTestOnboarding, { ...details, token, ...(actorId ? { actorId } : {}) });
  }
}
