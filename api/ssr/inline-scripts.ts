/**
 * Makes every inline <script> of a rendered page carry only characters that survive the trip
 * to the browser unchanged. The router's hydration data (seroval's `$R` script) keeps NUL,
 * other C0/C1 controls, bidi controls and lone surrogates raw inside its string literals; the
 * HTML parser then changes some of them (NUL becomes U+FFFD, CR becomes LF, a lone surrogate
 * cannot be encoded in UTF-8), the script no longer matches the hash the CSP allows, Chromium
 * blocks it ("$R is not defined") and the page never hydrates. Any stored value may hold such a
 * character, so they are written as `\uXXXX` escapes instead: inside a JavaScript string,
 * template, regular expression or JSON string (the only places they can legally appear) the
 * escape stands for the same character.
 */

const INLINE_SCRIPT = /(<script\b[^>]*>)([\s\S]*?)(<\/script>)/gi;

/**
 * C0 controls but tab, LF and CR; DEL and C1; line/paragraph separators; bidi marks, embeddings,
 * overrides and isolates; BOM and the noncharacters U+FFFE/U+FFFF; any lone surrogate.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Raw CR (alone or before LF): the HTML parser turns it into LF, so write LF (same in JS). */
const CARRIAGE_RETURN = /\r\n?/g;

const escapeChar = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The script text with every unsafe character escaped (unchanged when there is none). */
export function escapeScriptText(text: string): string {
  return text.replace(UNSAFE, escapeChar).replace(CARRIAGE_RETURN, '\n');
}

/**
 * Any character UNSAFE or CARRIAGE_RETURN may match, and paired surrogates too: one character
 * class, which the engine scans for far faster than UNSAFE's lookarounds at every position
 * (0.7 ms of each 120 KB page). A page with an emoji takes the exact path below.
 */
const MAYBE_UNSAFE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufeff\ufffe\uffff]/;

/** `html` with the text of each inline script made safe; the same string when nothing was. */
export function escapeInlineScripts(html: string): string {
  // Most pages hold no such character anywhere: one scan, no copy.
  if (!MAYBE_UNSAFE.test(html)) return html;
  return html.replace(
    INLINE_SCRIPT,
    (_match, open: string, text: string, close: string) => open + escapeScriptText(text) + close,
  );
}
