import type { LedgerLineDto } from '@souvenir/contracts';
import { csvCell, ledgerCsvHeader, ledgerCsvRow } from './ledger-csv';

const line = (title: string): LedgerLineDto => ({
  id: '7-fee',
  kind: 'fee',
  at: '2025-12-02T10:00:00.000Z',
  order: { id: 'b3d1c1f2-0000-4000-8000-000000000001', productTitle: title },
  change: { held: '0.00', available: '-1.60', paidOut: '0.00' },
  balanceAfter: { held: '0.00', available: '14.40', paidOut: '0.00' },
  payout: null,
});

describe('ledger CSV', () => {
  it('writes one row per line, amounts signed, under a header of as many columns', () => {
    const row = ledgerCsvRow(line('Batik scarf'));
    expect(row).toBe(
      '2025-12-02T10:00:00.000Z,Platform fee,Batik scarf,b3d1c1f2-0000-4000-8000-000000000001,0.00,-1.60,0.00,0.00,14.40,0.00,\r\n',
    );
    expect(row.split(',').length).toBe(ledgerCsvHeader().split(',').length);
  });

  it('quotes commas and quotes, and keeps a title that looks like a formula from running', () => {
    expect(csvCell('Scarf, "silk"', true)).toBe('"Scarf, ""silk"""');
    expect(csvCell('=HYPERLINK("x")', true)).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-1.60')).toBe('-1.60');
  });
});
