import { Injectable } from '@nestjs/common';
import type { LedgerPageDto, ListLedgerRequest } from '@souvenir/contracts';
import { signedDollars, toLedgerLineDtos } from './ledger-line-views';
import { Ledger } from './ledger';
import { SellerLedger } from './seller-ledger';

const PAGE_SIZE = 20;

/** The seller's ledger (Payouts' history and its CSV download): every money line, with running balances. */
@Injectable()
export class SellerLedgerService {
  constructor(
    private readonly ledger: Ledger,
    private readonly sellerLedger: SellerLedger,
  ) {}

  async list({ actorId, cursor, limit }: ListLedgerRequest): Promise<LedgerPageDto> {
    const [page, balances] = await Promise.all([
      this.sellerLedger.page(actorId, cursor ?? null, limit ?? PAGE_SIZE),
      this.ledger.balances(actorId),
    ]);
    return {
      balance: {
        held: signedDollars(balances.held),
        available: signedDollars(balances.available),
        paidOut: signedDollars(balances.paidOut),
        currency: 'usd',
      },
      items: page.items.flatMap(toLedgerLineDtos),
      nextCursor: page.next,
    };
  }
}
