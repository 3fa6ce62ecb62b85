/** A keyword's fields: one zod schema for the server and the back-office form. */
import { z } from 'zod';
import { multiLine, singleLine } from '../shared/text';
import { KEYWORD_LIMITS, KEYWORD_MESSAGES, tidyKeyword } from './rules';

export const keywordFieldsSchema = z.object({
  keyword: z
    .string({ error: KEYWORD_MESSAGES.keywordRequired })
    // Checked before tidying, which would fold a line break into a space.
    .trim()
    .superRefine(singleLine('Keyword'))
    .transform(tidyKeyword)
    .pipe(
      z
        .string()
        .min(1, KEYWORD_MESSAGES.keywordRequired)
        .max(KEYWORD_LIMITS.keyword, KEYWORD_MESSAGES.keywordTooLong),
    ),
  category: z
    .string({ error: 'Category must be text' })
    .trim()
    .superRefine(singleLine('Category'))
    .transform(tidyKeyword)
    .pipe(z.string().max(KEYWORD_LIMITS.category, KEYWORD_MESSAGES.categoryTooLong))
    .default(''),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .superRefine(multiLine('Note'))
    .max(KEYWORD_LIMITS.note, KEYWORD_MESSAGES.noteTooLong)
    .default(''),
});
export type KeywordFields = z.output<typeof keywordFieldsSchema>;
