/**
 * Which characters typed text may hold. A NUL, an escape sequence or a right-to-left override
 * pasted into a name lands in pages, inline scripts, logs and mails, where it breaks or
 * disguises what is shown; so new input is refused with a message naming the field, and rich
 * text (HTML) drops them silently. Events already stored are never checked again: their
 * schemas stay lenient so that the log still replays.
 */
import type { z } from 'zod';

/**
 * Control characters refused in any text: C0 controls other than tab, LF and CR; DEL and the
 * C1 controls; the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069); lone surrogates (with the u flag a surrogate range matches only an unpaired
 * half, never a pair).
 */
const CONTROL =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;
/** What ends a line: tab, LF, CR and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

export type TextLines = 'single' | 'multi';

export const textMessages = {
  control: (label: string) => `${label} contains a control character`,
  singleLine: (label: string) => `${label} must be a single line`,
} as const;

/**
 * The problem with a text's characters, or null. Single-line text (names, titles, codes,
 * URLs, e-mail addresses) holds no control character at all; multi-line text (descriptions,
 * messages) may break lines with LF, CR LF and tab. U+2028 and U+2029 count as line breaks.
 */
export function textProblem(value: string, label: string, lines: TextLines): string | null {
  if (CONTROL.test(value)) return textMessages.control(label);
  if (LINE_BREAK.test(value)) {
    if (lines === 'single') {
      // A tab is a control character, not a line break, as the person sees it.
      return /[\n\r\u2028\u2029]/.test(value)
        ? textMessages.singleLine(label)
        : textMessages.control(label);
    }
    if (/[\u2028\u2029]/.test(value)) return textMessages.control(label);
  }
  return null;
}

/** A zod refinement: `z.string().trim().superRefine(singleLine('Name'))`. */
export const singleLine =
  (label: string) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const message = textProblem(value, label, 'single');
    if (message) ctx.addIssue({ code: 'custom', message });
  };

/** A zod refinement for text that may span lines (LF, CR LF, tab). */
export const multiLine =
  (label: string) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const message = textProblem(value, label, 'multi');
    if (message) ctx.addIssue({ code: 'custom', message });
  };

const CONTROL_ALL = new RegExp(CONTROL.source, 'gu');
const SEPARATORS = /[\u2028\u2029]/g;

/**
 * The text without the characters refused above (line breaks and tabs kept; U+2028 and
 * U+2029 become LF). For rich text, where the sanitizer drops what it does not allow instead
 * of refusing.
 */
export function stripControlCharacters(value: string): string {
  return value.replace(CONTROL_ALL, '').replace(SEPARATORS, '\n');
}
