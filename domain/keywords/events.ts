/**
 * Trending keywords. A keyword is the stream `keyword-{id}`; each keyword text in use is
 * reserved, case-insensitively, in `keyword-name-{sha256(key)}` (appended at 'no stream' the
 * first time), so a second keyword with the same text is refused before anything is written.
 */
import { z } from 'zod';
import { eventNarrower } from '../shared/decider';
import type { DomainEvent } from '../shared/envelope';

export const KEYWORD_STREAM_PREFIX = 'keyword-';
export const KEYWORD_NAME_STREAM_PREFIX = 'keyword-name-';

export const keywordStreamId = (keywordId: string) => `${KEYWORD_STREAM_PREFIX}${keywordId}`;

const keywordId = z.string().min(1);
const fields = {
  keyword: z.string().min(1).max(80),
  category: z.string().max(60),
  note: z.string().max(500),
};

export const keywordEventSchemas = {
  KeywordCreated: z.object({ keywordId, ...fields, position: z.number().int().min(0) }),
  KeywordUpdated: z.object({ keywordId, ...fields, previousKeyword: fields.keyword }),
  KeywordMoved: z.object({ keywordId, position: z.number().int().min(0) }),
  KeywordActivated: z.object({ keywordId }),
  KeywordDeactivated: z.object({ keywordId }),
  KeywordDeleted: z.object({ keywordId, keyword: fields.keyword, wasActive: z.boolean() }),
} as const;

export const keywordNameEventSchemas = {
  KeywordNameReserved: z.object({ key: z.string().min(1), keywordId }),
  KeywordNameReleased: z.object({ key: z.string().min(1), keywordId }),
} as const;

type Schemas = typeof keywordEventSchemas;
export type KeywordEventType = keyof Schemas;
export type KeywordEvent = {
  [T in KeywordEventType]: DomainEvent<T, z.infer<Schemas[T]>>;
}[KeywordEventType];

type NameSchemas = typeof keywordNameEventSchemas;
export type KeywordNameEvent = {
  [T in keyof NameSchemas]: DomainEvent<T, z.infer<NameSchemas[T]>>;
}[keyof NameSchemas];

export const KEYWORD_EVENT_TYPES = Object.keys(keywordEventSchemas) as KeywordEventType[];
export const allKeywordEventSchemas = { ...keywordEventSchemas, ...keywordNameEventSchemas };

export const asKeywordEvent = eventNarrower<Schemas, KeywordEvent>(keywordEventSchemas);
