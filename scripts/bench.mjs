#!/usr/bin/env node
// `npm run bench`: the performance proof of the product. Everything lives in bench/ (see bench/README.md).
// Its processes run on the Node that runs it: a system Node older than the project's would measure another runtime
// (and undici, the load generator's client, needs a newer one), so it refuses to start there.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`bench: Node ${process.versions.node} is not the project's Node 24: run it as \`npm run bench -- …\``);
  process.exit(1);
}
await import('../bench/run.mjs');
