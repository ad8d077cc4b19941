import path from 'node:path';
import { describeFolderArrows } from '@souvenir/testing';

// The arrows between payments' folders are drawn once, in services/payments/README.md ("Inside"); this test holds the
// code to them, so orders/ and payouts/ cannot grow into each other again.
describeFolderArrows('payments folders import one another only along the arrows drawn in its README', {
  src: __dirname,
  readme: path.join(__dirname, '..', 'README.md'),
  rootFiles: ['app.module.ts', 'ledger-audit.ts', 'main.ts'],
});
