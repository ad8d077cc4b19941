/*
 * `npm run ledger:audit`: audits the ledger of a live database (DATABASE_URL, as the payments service uses it) and
 * exits 1 when a rule is broken, printing the offending rows. Read-only, one statement per rule, safe on production
 * (run it against a replica if the tables are large).
 */
import { Client } from 'pg';
import { auditLedger } from './ledger/ledger-audit';

async function main(): Promise<void> {
  const client = new Client({
    connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/souvenir',
    application_name: 'ledger-audit',
  });
  await client.connect();
  try {
    await client.query('SET default_transaction_read_only = on');
    // One snapshot for every rule, so a payment landing mid-audit cannot look like a broken rule.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const findings = await auditLedger(async (sql, params) => (await client.query(sql, params as unknown[])).rows);
    await client.query('COMMIT');
    const [{ entries }] = (
      await client.query<{ entries: string }>('SELECT count(*)::text AS entries FROM payments.ledger_entries')
    ).rows;
    if (findings.length === 0) {
      console.log(`ledger audit: ${entries} entries, every rule holds`);
      return;
    }
    for (const finding of findings) console.error(`BROKEN: ${finding.rule}\n${JSON.stringify(finding.rows, null, 2)}`);
    process.exitCode = 1;
  } finally {
    await client.end();
  }
}

main().catch((error: Error) => {
  console.error(`ledger audit failed: ${error.message}`);
  process.exitCode = 2;
});
