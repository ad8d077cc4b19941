import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AWAY_LIMITS,
  AWAY_MESSAGES,
  ErrorCode,
  EVENTS,
  type AwayModeDto,
  type EndAwayRequest,
  type GetAwayRequest,
  type SetAwayRequest,
} from '@souvenir/contracts';
import { DomainError, Outbox } from '@souvenir/platform';
import type { DataSource } from 'typeorm';
import { SellersService } from '../sellers/sellers.service';
import { AwayReturn } from './away-return';
import { toAwayChangedEvent, toAwayModeDto } from './away.mapper';
import { AwayRepository } from './away.repository';

/**
 * Away mode (API.md, Turn 3): the seller's return date and automatic reply, on their row. Each change is one
 * transaction with its `seller.away-changed` event (payments refuses checkouts and moves ship-by deadlines from its
 * copy; messaging answers with the reply) and, when going away, the job that brings them back on the date.
 */
@Injectable()
export class AwayService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly away: AwayRepository,
    private readonly sellers: SellersService,
    private readonly awayReturn: AwayReturn,
    private readonly outbox: Outbox,
  ) {}

  async set(request: SetAwayRequest): Promise<AwayModeDto> {
    await this.refuseOutOfRange(request.until);
    // A seller with no listing yet may go away too (their future listings show it): their row is filled first.
    await this.sellers.ensureSeller(request.actorId);
    const row = await this.dataSource.transaction(async (manager) => {
      const stored = await this.away.set(manager, request.actorId, request.until, request.message ?? null);
      await this.outbox.add(manager, EVENTS.catalog.sellerAwayChanged, toAwayChangedEvent(request.actorId, stored));
      await this.awayReturn.schedule(manager, request.actorId, stored.version, stored.until!);
      return stored;
    });
    return toAwayModeDto(row, true);
  }

  /** "I'm back": idempotent; orders whose deadline moved to the return date keep it (a later date only helps). */
  async end(request: EndAwayRequest): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.away.end(manager, request.actorId);
      if (row)
        await this.outbox.add(manager, EVENTS.catalog.sellerAwayChanged, toAwayChangedEvent(request.actorId, row));
    });
  }

  async get(request: GetAwayRequest): Promise<AwayModeDto> {
    return toAwayModeDto(await this.away.findCurrent(request.userId), request.actorId === request.userId);
  }

  /** After today (UTC) and at most AWAY_LIMITS.maxDays ahead, by the database's clock (the job's too). */
  private async refuseOutOfRange(until: string): Promise<void> {
    const today = await this.away.today();
    const latest = new Date(Date.parse(`${today}T00:00:00Z`) + AWAY_LIMITS.maxDays * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const message = until <= today ? AWAY_MESSAGES.untilFuture : until > latest ? AWAY_MESSAGES.untilTooFar : null;
    if (message) throw new DomainError(ErrorCode.ValidationFailed, message, [{ field: 'until', message }]);
  }
}
