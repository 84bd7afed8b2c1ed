import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('observability settings', () => {
  it('logs at info in production and at warn otherwise unless LOG_LEVEL says; a bad level names the variable', () => {
    expect(loadConfig({}).logLevel).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'production' }).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL must be one of .*, got "loud"$/);
  });

  it('reads the metrics token, none when empty', () => {
    expect(loadConfig({ PORTICO_METRICS_TOKEN: 'k'.repeat(40) }).metricsToken).toBe('k'.repeat(40));
    expect(loadConfig({ PORTICO_METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });
});
