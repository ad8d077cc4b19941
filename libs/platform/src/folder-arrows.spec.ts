import path from 'node:path';
import { describeFolderArrows } from '@souvenir/testing';

// The arrows between the library's folders are drawn once, in libs/platform/README.md; this test holds the code to
// them, so a folder cycle (events/ taking validation from rpc/, rpc/ taking the connection from events/) cannot return.
describeFolderArrows('libs/platform folders import one another only along the arrows drawn in its README', {
  src: __dirname,
  readme: path.join(__dirname, '..', 'README.md'),
  rootFiles: ['index.ts'],
  ownName: '@souvenir/platform',
});
