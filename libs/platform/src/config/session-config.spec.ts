import { NatsClientConfig } from '../nats/nats-client-config';
import { ConfigError, loadConfig } from './load-config';
import { ServiceConfig } from './service-config';
import { DEV_SESSION_SECRET, foreignOriginRule, withSessionConfig } from './session-config';

class GatewayLike extends withSessionConfig(NatsClientConfig) {
  NODE_ENV = 'development';
}
class ServiceLike extends withSessionConfig(ServiceConfig) {}

describe('withSessionConfig', () => {
  it('gives both kinds of config the same variables and defaults', () => {
    const shared = ['REDIS_URL', 'SESSION_SECRET', 'SESSION_ABSOLUTE_HOURS', 'ALLOWED_ORIGINS', 'TRUST_PROXY_HOPS'];
    const gateway = loadConfig(GatewayLike, {}) as unknown as Record<string, unknown>;
    const service = loadConfig(ServiceLike, {}) as unknown as Record<string, unknown>;
    for (const key of shared) expect([key, gateway[key]]).toEqual([key, service[key]]);
    expect(service.SESSION_SECRET).toBe(DEV_SESSION_SECRET);
    expect(service.SESSION_ABSOLUTE_HOURS).toBe(720);
  });

  it('checks them the same way in either: numbers converted, bad values named', () => {
    for (const type of [GatewayLike, ServiceLike]) {
      expect(loadConfig(type, { TRUST_PROXY_HOPS: '2' }).TRUST_PROXY_HOPS).toBe(2);
      expect(() => loadConfig(type, { REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL must be a redis:\/\/ URL/);
      expect(() => loadConfig(type, { ALLOWED_ORIGINS: 'example.com' })).toThrow(/ALLOWED_ORIGINS/);
      expect(() => loadConfig(type, { TRUST_PROXY_HOPS: '11' })).toThrow(/TRUST_PROXY_HOPS/);
    }
  });

  it('refuses the development secret, or a short one, in production only', () => {
    for (const type of [GatewayLike, ServiceLike]) {
      expect(() => loadConfig(type, { NODE_ENV: 'production' })).toThrow(ConfigError);
      expect(() => loadConfig(type, { NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(/at least 32/);
      expect(loadConfig(type, { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).SESSION_SECRET).toBe(
        'x'.repeat(40),
      );
      expect(loadConfig(type, { NODE_ENV: 'test' }).SESSION_SECRET).toBe(DEV_SESSION_SECRET);
    }
  });
});

describe('foreignOriginRule', () => {
  it('without allowed origins, only the request’s own origin is not foreign; no Origin is not foreign', () => {
    const isForeign = foreignOriginRule('');
    expect(isForeign(undefined, 'http://shop.test')).toBe(false);
    expect(isForeign('http://shop.test', 'http://shop.test')).toBe(false);
    expect(isForeign('https://shop.test', 'http://shop.test')).toBe(true);
    expect(isForeign('null', 'http://shop.test')).toBe(true);
  });

  it('with allowed origins, those and only those, whatever the request’s own', () => {
    const isForeign = foreignOriginRule('https://a.test, https://b.test');
    expect(isForeign('https://b.test', 'http://internal:3000')).toBe(false);
    expect(isForeign('http://internal:3000', 'http://internal:3000')).toBe(true);
    expect(isForeign('https://a.test.evil', 'http://internal:3000')).toBe(true);
  });
});
