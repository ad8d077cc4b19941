import { LEDGER_LINE_LABELS, type LedgerLineDto } from '@souvenir/contracts';

const HEADER = [
  'Date (UTC)',
  'Line',
  'Item',
  'Order',
  'Held change',
  'Available change',
  'Paid out change',
  'Held after',
  'Available after',
  'Paid out after',
  'Payout status',
];

/**
 * One CSV cell. Text a seller typed (an item's title) that starts like a formula is prefixed with an apostrophe, so
 * a spreadsheet shows it instead of running it; cells with commas, quotes or line breaks are quoted.
 */
export function csvCell(value: string, text = false): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The header row of the ledger download. */
export const ledgerCsvHeader = (): string => `${HEADER.join(',')}\r\n`;

/** One ledger line as a CSV row (amounts in dollars, signed; dates ISO 8601 UTC). */
export function ledgerCsvRow(line: LedgerLineDto): string {
  return `${[
    csvCell(line.at),
    csvCell(LEDGER_LINE_LABELS[line.kind] ?? line.kind),
    csvCell(line.order.productTitle, true),
    csvCell(line.order.id),
    line.change.held,
    line.change.available,
    line.change.paidOut,
    line.balanceAfter.held,
    line.balanceAfter.available,
    line.balanceAfter.paidOut,
    csvCell(line.payout?.status ?? ''),
  ].join(',')}\r\n`;
}
