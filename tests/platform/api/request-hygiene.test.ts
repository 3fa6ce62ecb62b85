import { describe, expect, it } from 'vitest';
import { canonicalPath, hasOneHostHeader } from '../../../api/http/request-hygiene';

describe('canonicalPath: the private prefixes in one spelling', () => {
  it.each([
    ['/Admin/login', '/admin/login'],
    ['/ADMIN', '/admin'],
    ['/aDmin/invite', '/admin/invite'],
    ['/Admin/', '/admin/'],
    ['/%41dmin/setup', '/admin/setup'],
    ['/API/Admin/metrics', '/api/admin/metrics'],
    ['/api/ADMIN', '/api/admin'],
    ['/Simple-Admin/login', '/simple-admin/login'],
    ['/Unsubscribe/Tok3n', '/unsubscribe/Tok3n'],
  ])('%s -> %s', (raw, canonical) => {
    expect(canonicalPath(raw)).toBe(canonical);
  });

  it.each(['/admin/providers/AbC', '/Providers/Acme', '/administrators', '/API/providers'])(
    'leaves %s alone past the prefix, and other paths as written',
    (raw) => {
      expect(canonicalPath(raw)).toBe(raw);
    },
  );
});

describe('hasOneHostHeader', () => {
  it('counts Host headers in the raw list, whatever their case', () => {
    expect(hasOneHostHeader(['Host', 'a', 'Accept', '*/*'])).toBe(true);
    expect(hasOneHostHeader(['Host', 'a', 'host', 'b'])).toBe(false);
    expect(hasOneHostHeader(['HOST', 'a', 'Host', 'a'])).toBe(false);
    expect(hasOneHostHeader(['Accept', 'host'])).toBe(false);
  });
});
