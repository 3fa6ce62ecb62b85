/**
 * CSV cells of the subscriber export (domain/shared/csv.ts): RFC 4180 quoting, and a cell a
 * spreadsheet would run as a formula (= + - @ first) is prefixed with an apostrophe.
 */
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../../domain/shared/csv';
import { maskSubscriberEmail } from '../../../domain/newsletter/rules';

describe('csvCell', () => {
  it.each([
    ['ann@example.com', 'ann@example.com'],
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+1-555-0100', "'+1-555-0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [true, 'true'],
    [42, '42'],
    [-1, '-1'],
  ])('%j -> %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('a line ends with CRLF', () => {
    expect(csvLine(['a@b.co', '2026-01-01T00:00:00.000Z', 'Active'])).toBe(
      'a@b.co,2026-01-01T00:00:00.000Z,Active\r\n',
    );
  });
});

describe('maskSubscriberEmail (how the audit log names a subscriber)', () => {
  it.each([
    ['ann@example.com', 'a***@example.com'],
    ['x@y.z', 'x***@y.z'],
    ['no-at-sign', '***'],
    ['@example.com', '***'],
  ])('%s -> %s', (email, masked) => {
    expect(maskSubscriberEmail(email)).toBe(masked);
  });
});
