#!/usr/bin/env node
// `npm run bench`: the performance proof of the product. Everything lives in bench/ (see bench/README.md).
import '../bench/run.mjs';
