// An Nx plugin that gives every project with its own jest config a `test` target, so that
// `nx affected -t test` runs the tests of what a change touches (and of what depends on it). The target is
// `npm run test:one` on the project's folder: the same infra check, config and options as the inner loop.
// Not cached: integration tests talk to real Postgres, NATS and Redis, and a replayed pass would prove nothing.
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

/**
 * The gateway's end-to-end tests start every domain service as its own process from its build
 * (services/<name>/dist/main.js): its `test` target builds them first.
 */
const NEEDS_SERVICES_BUILT = ['gateway'];
const serviceProjects = (workspaceRoot) =>
  readdirSync(path.join(workspaceRoot, 'services'))
    .map((dir) => path.join(workspaceRoot, 'services', dir, 'package.json'))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')).name);

module.exports.createNodes = [
  '**/jest.config.cjs',
  (configFiles, _options, context) =>
    configFiles
      // Projects only: the root config lists projects, and tests/, deploy/ and web/e2e/ are suites of no project.
      .filter(
        (file) =>
          path.dirname(file) !== '.' &&
          existsSync(path.join(context.workspaceRoot, path.dirname(file), 'package.json')),
      )
      .map((file) => {
        const root = path.dirname(file);
        return [
          file,
          {
            projects: {
              [root]: {
                targets: {
                  test: {
                    command: `node scripts/test-one.mjs ${root}`,
                    options: { cwd: '{workspaceRoot}' },
                    inputs: ['default', '^production'],
                    cache: false,
                    // Each project's integration tests already use both cores: one project at a time.
                    parallelism: false,
                    ...(NEEDS_SERVICES_BUILT.includes(root) && {
                      dependsOn: [{ projects: serviceProjects(context.workspaceRoot), target: 'build' }],
                    }),
                  },
                },
              },
            },
          },
        ];
      }),
];
