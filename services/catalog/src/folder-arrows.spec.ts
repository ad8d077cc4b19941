import path from 'node:path';
import { describeFolderArrows } from '@souvenir/testing';

// The arrows between catalog's folders are drawn once, in services/catalog/README.md ("Inside"); this test holds the
// code to them, so search/ stays free of products/ and customs/ and products/ cannot grow into each other again.
describeFolderArrows('catalog folders import one another only along the arrows drawn in its README', {
  src: __dirname,
  readme: path.join(__dirname, '..', 'README.md'),
  rootFiles: ['app.module.ts', 'main.ts'],
});
