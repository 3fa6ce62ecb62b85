/** Field schemas several capabilities' commands share. */
import { z } from 'zod';
import { multiLine, singleLine } from '../domain/shared/text';

export { multiLine, singleLine, textMessages } from '../domain/shared/text';

export const id = z.string().trim().min(1, 'Id is required').max(100);

/** The stream revision an admin form was loaded at (optimistic concurrency). */
export const expectedRevision = z.number().int().min(0).optional();

/** Trimmed text of at most `max` characters, on one line, each message naming the field. */
export const singleLineText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .superRefine(singleLine(label))
    .max(max, `${label} must be at most ${max} characters`);

/** Trimmed text of at most `max` characters that may span lines (LF, CR LF, tab). */
export const multiLineText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .superRefine(multiLine(label))
    .max(max, `${label} must be at most ${max} characters`);
