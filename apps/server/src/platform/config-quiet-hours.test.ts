import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('SEND_QUIET_HOURS', () => {
  it('is on unless turned off, and a production server refuses to turn it off', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).SEND_QUIET_HOURS).toBe('on');
    expect(loadConfig({ NODE_ENV: 'test', SEND_QUIET_HOURS: 'off' }).SEND_QUIET_HOURS).toBe('off');
    expect(() => loadConfig({ NODE_ENV: 'production', SEND_QUIET_HOURS: 'off' })).toThrow(
      'SEND_QUIET_HOURS=off is for test runs only',
    );
    expect(loadConfig({ NODE_ENV: 'production' }).SEND_QUIET_HOURS).toBe('on');
  });
});
