/** MAIL_PER_MINUTE as the configuration reads it: unset, or a whole number from 1. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../workers/bootstrap/config';

const read = (value: string) =>
  loadConfig({
    PROFILE: 'embedded',
    DATA_DIR: '/tmp/vial-config-test',
    NODE_ENV: 'test',
    MAIL_PER_MINUTE: value,
  });

describe('MAIL_PER_MINUTE', () => {
  it.each([
    ['unset when empty', '', undefined],
    ['a whole number', '120', 120],
    ['one a minute', '1', 1],
  ])('%s', (_case, value, expected) => {
    // Read through the newsletter's own slice of the configuration.
    expect(read(value)).toHaveProperty('MAIL_PER_MINUTE', expected);
  });

  it.each([
    ['not a number', 'fast', 'MAIL_PER_MINUTE must be a number'],
    ['zero', '0', 'MAIL_PER_MINUTE must be between 1 and 1000000'],
    ['a fraction', '1.5', 'MAIL_PER_MINUTE must be a whole number'],
    ['negative', '-3', 'MAIL_PER_MINUTE must be between 1 and 1000000'],
  ])('refuses %s, naming the variable', (_case, value, message) => {
    expect(() => read(value)).toThrow(ConfigError);
    expect(() => read(value)).toThrow(message);
  });
});
