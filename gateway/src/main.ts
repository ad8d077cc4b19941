import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfigOrExit, startTracing } from '@souvenir/platform';
import { GatewayConfig } from './config/gateway.config';
import { createGateway } from './create-gateway';
import { startMetricsServer } from './observability/observability';

async function main() {
  const config = loadConfigOrExit(GatewayConfig);
  startTracing('gateway'); // only when OTEL_EXPORTER_OTLP_ENDPOINT is set
  const app = await createGateway(config);
  await app.listen(config.PORT, process.env.HOST ?? '0.0.0.0');
  startMetricsServer(config.METRICS_PORT, config.METRICS_HOST);
  new Logger('Bootstrap').log({ msg: 'gateway ready', url: `http://localhost:${config.PORT}` });
}

void main();
