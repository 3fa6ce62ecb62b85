/** loadConfig: the origins trusted to send changes, and the HTTP server's timeouts (issue 23). */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../workers/bootstrap/config';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/x', ...env });

describe('trustedOrigins', () => {
  it('without PUBLIC_URL: the loopback addresses a browser may use at PORT, and TRUSTED_ORIGINS', () => {
    const config = load({ PORT: '3101', TRUSTED_ORIGINS: 'https://a.example' });
    expect(config.publicUrl).toBe('http://localhost:3101');
    expect(config.trustedOrigins).toEqual([
      'http://localhost:3101',
      'http://127.0.0.1:3101',
      'http://[::1]:3101',
      'https://a.example',
    ]);
  });

  it('with PUBLIC_URL: its origin and TRUSTED_ORIGINS only', () => {
    const config = load({
      PORT: '3101',
      PUBLIC_URL: 'https://vial.example/',
      TRUSTED_ORIGINS: 'https://a.example',
    });
    expect(config.trustedOrigins).toEqual(['https://vial.example', 'https://a.example']);
  });

  it('PUBLIC_URL=http://localhost:PORT set explicitly trusts only it', () => {
    const config = load({ PORT: '3101', PUBLIC_URL: 'http://localhost:3101' });
    expect(config.trustedOrigins).toEqual(['http://localhost:3101']);
  });
});

describe('HTTP timeouts', () => {
  it('have defaults that end slow clients well within a minute', () => {
    const config = load({});
    expect(config.HTTP_HEADERS_TIMEOUT_MS).toBe(20_000);
    expect(config.HTTP_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(config.HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(5_000);
  });

  it('are read from the environment', () => {
    const config = load({
      HTTP_HEADERS_TIMEOUT_MS: '300',
      HTTP_REQUEST_TIMEOUT_MS: '600',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '200',
    });
    expect([
      config.HTTP_HEADERS_TIMEOUT_MS,
      config.HTTP_REQUEST_TIMEOUT_MS,
      config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    ]).toEqual([300, 600, 200]);
  });

  it.each([
    [
      { HTTP_HEADERS_TIMEOUT_MS: 'soon' },
      'HTTP_HEADERS_TIMEOUT_MS: HTTP_HEADERS_TIMEOUT_MS must be a number',
    ],
    [
      { HTTP_REQUEST_TIMEOUT_MS: '0' },
      'HTTP_REQUEST_TIMEOUT_MS: HTTP_REQUEST_TIMEOUT_MS must be between 100 and 3600000',
    ],
    [
      { HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' },
      'HTTP_HEADERS_TIMEOUT_MS: HTTP_HEADERS_TIMEOUT_MS (5000) must not be above HTTP_REQUEST_TIMEOUT_MS (1000)',
    ],
  ])('refuses %j', (env, problem) => {
    let error: unknown;
    try {
      load(env);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([problem]);
  });
});
