/**
 * Inline scripts carry no character the HTML parser or the CSP hash would change: each is
 * written as a \uXXXX escape that stands for the same character inside a string, and the
 * script's value is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { escapeInlineScripts, escapeScriptText } from '../../../api/ssr/inline-scripts';

describe('escapeScriptText', () => {
  it.each([
    ['NUL', '\u0000', '\\u0000'],
    ['BEL', '\u0007', '\\u0007'],
    ['ESC', '\u001b', '\\u001b'],
    ['DEL', '\u007f', '\\u007f'],
    ['a C1 control', '\u0085', '\\u0085'],
    ['right-to-left override', '\u202e', '\\u202e'],
    ['line separator', '\u2028', '\\u2028'],
    ['paragraph separator', '\u2029', '\\u2029'],
    ['byte order mark', '\ufeff', '\\ufeff'],
    ['a lone high surrogate', '\ud800', '\\ud800'],
    ['a lone low surrogate', '\udc00', '\\udc00'],
  ])(
    'Given %s in a string literal, it is escaped and evaluates the same',
    (_name, char, escaped) => {
      const source = `"a${char}b"`;
      const safe = escapeScriptText(source);

      expect(safe).toBe(`"a${escaped}b"`);
      expect(new Function(`return ${safe}`)()).toBe(`a${char}b`);
    },
  );

  it.each([
    ['tab, LF and plain text', 'var a = "x";\n\tvar b = 1;'],
    ['a surrogate pair (an emoji)', 'var a = "\ud83d\ude00";'],
    ['accented and CJK text', 'var a = "é 漢字";'],
  ])('leaves %s unchanged', (_name, source) => {
    expect(escapeScriptText(source)).toBe(source);
  });

  it('writes a raw CR (alone or before LF) as LF, as the HTML parser would', () => {
    expect(escapeScriptText('a;\r\nb;\rc;')).toBe('a;\nb;\nc;');
  });
});

describe('escapeInlineScripts', () => {
  it('escapes inside every inline script and nowhere else', () => {
    const html =
      '<p>x\u0007y</p><script>$R[0]="a\u0000b"</script>' +
      '<script type="application/ld+json">{"n":"c\u202ed"}</script>';

    expect(escapeInlineScripts(html)).toBe(
      '<p>x\u0007y</p><script>$R[0]="a\\u0000b"</script>' +
        '<script type="application/ld+json">{"n":"c\\u202ed"}</script>',
    );
  });

  it('returns the very same string when there is nothing to escape', () => {
    const html = '<script>var a = "ok";</script>';
    expect(escapeInlineScripts(html)).toBe(html);
  });
});
