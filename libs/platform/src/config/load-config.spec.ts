import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, loadConfig } from './load-config';
import { ServiceConfig } from './service-config';

describe('loadConfig', () => {
  it('gives working loopback defaults', () => {
    const config = loadConfig(ServiceConfig, {});
    expect(config).toMatchObject({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/souvenir',
      NATS_URL: 'nats://127.0.0.1:4222',
      RPC_TIMEOUT_MS: 4000,
    });
  });

  it('converts numbers and refuses a wrong value with a message naming the variable', () => {
    expect(loadConfig(ServiceConfig, { HTTP_PORT: '4100' }).HTTP_PORT).toBe(4100);
    expect(() => loadConfig(ServiceConfig, { NATS_URL: 'localhost:4222' })).toThrow(ConfigError);
    expect(() => loadConfig(ServiceConfig, { NATS_URL: 'localhost:4222' })).toThrow(/NATS_URL/);
    expect(() => loadConfig(ServiceConfig, { HTTP_PORT: 'eighty' })).toThrow(/HTTP_PORT/);
    expect(() => loadConfig(ServiceConfig, { DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be a postgres:\/\/ URL/,
    );
  });

  it('stops a real process at start with exit code 78 and the variable in its message', () => {
    const main = path.resolve(__dirname, '../../../../services/identity/dist/main.js');
    let status = 0;
    let stderr = '';
    try {
      execFileSync(process.execPath, [main], {
        env: { ...process.env, NATS_URL: 'not-a-url' },
        stdio: 'pipe',
        timeout: 20_000,
      });
    } catch (error) {
      status = (error as { status: number }).status;
      stderr = String((error as { stderr: Buffer }).stderr);
    }
    expect(status).toBe(78);
    expect(stderr).toMatch(/NATS_URL="not-a-url": NATS_URL must be one or more nats:\/\/ URLs/);
  });
});
