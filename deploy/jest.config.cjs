// Deployment checks: docker-compose.yml and the Kubernetes manifests parsed, graceful shutdown and metrics of
// the built processes (run `npm run build` first: the tests start services/*/dist and gateway/dist).
module.exports = { ...require('../jest.preset.cjs'), displayName: 'deploy', rootDir: __dirname };
