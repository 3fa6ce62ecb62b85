/**
 * Keyword commands. A create or a rename also decides on the text's reservation stream(s): the
 * new text is reserved, a renamed keyword's old text released; every stream is decided before
 * any is written, so a taken keyword writes nothing. A move decides on each keyword whose
 * position the order's rule changed.
 */
import { z } from 'zod';
import {
  keywordDecider,
  keywordNameDecider,
  type KeywordCommand,
} from '../../domain/keywords/decider';
import {
  KEYWORD_NAME_STREAM_PREFIX,
  allKeywordEventSchemas,
  keywordStreamId,
} from '../../domain/keywords/events';
import { keywordFieldsSchema } from '../../domain/keywords/fields';
import { keywordKey } from '../../domain/keywords/rules';
import { declareCommand, onStream, writeModel, type StreamDecision } from '../command';
import { sha256 } from '../hash';
import { id } from '../schema-parts';

const keywordModel = writeModel(keywordDecider, allKeywordEventSchemas);
const nameModel = writeModel(keywordNameDecider, allKeywordEventSchemas);

/** `keyword-name-{sha256(lowercased keyword)}`: one stream per keyword text. */
export const keywordNameStreamId = (keyword: string) =>
  `${KEYWORD_NAME_STREAM_PREFIX}${sha256(keywordKey(keyword))}`;

const position = z.number().int('Position must be a whole number').min(0).max(1_000_000);

export const createKeywordCommand = z.object({
  type: z.literal('CreateKeyword'),
  keywordId: id.optional(),
  fields: keywordFieldsSchema,
  position,
});

export const updateKeywordCommand = z.object({
  type: z.literal('UpdateKeyword'),
  keywordId: id,
  fields: keywordFieldsSchema,
  previousKeyword: z.string().min(1),
});

export const moveKeywordsCommand = z.object({
  type: z.literal('MoveKeywords'),
  moves: z.array(z.object({ keywordId: id, position })).max(10_000),
});

export const setKeywordActiveCommand = z.object({
  type: z.literal('SetKeywordActive'),
  keywordId: id,
  active: z.boolean({ error: 'active must be true or false' }),
});

export const deleteKeywordCommand = z.object({
  type: z.literal('DeleteKeyword'),
  keywordId: id,
  /** Its text (read model), whose reservation the delete releases. */
  keyword: z.string().min(1),
});

const onKeyword = (keywordId: string, command: KeywordCommand): StreamDecision =>
  onStream(keywordModel, keywordStreamId(keywordId), {
    id: keywordId,
    decide: (state, now) => keywordDecider.decide(command, state, now),
  });

const reserve = (keyword: string, keywordId: string): StreamDecision =>
  onStream(nameModel, keywordNameStreamId(keyword), {
    id: keywordId,
    decide: (state, now) =>
      keywordNameDecider.decide(
        { type: 'ReserveKeywordName', key: keywordKey(keyword), keywordId },
        state,
        now,
      ),
  });

const release = (keyword: string, keywordId: string): StreamDecision =>
  onStream(nameModel, keywordNameStreamId(keyword), {
    id: keywordId,
    decide: (state, now) =>
      keywordNameDecider.decide(
        { type: 'ReleaseKeywordName', key: keywordKey(keyword), keywordId },
        state,
        now,
      ),
  });

export const keywordCommands = {
  CreateKeyword: declareCommand({
    schema: createKeywordCommand,
    prepare: (c, { newId }) => ({ ...c, keywordId: c.keywordId ?? newId() }),
    streams: ({ keywordId, fields, position: at }) => [
      reserve(fields.keyword, keywordId),
      onKeyword(keywordId, { type: 'CreateKeyword', keywordId, fields, position: at }),
    ],
  }),
  UpdateKeyword: declareCommand({
    schema: updateKeywordCommand,
    streams: ({ keywordId, fields, previousKeyword }) => {
      const renamed = keywordKey(previousKeyword) !== keywordKey(fields.keyword);
      return [
        ...(renamed
          ? [reserve(fields.keyword, keywordId), release(previousKeyword, keywordId)]
          : []),
        onKeyword(keywordId, { type: 'UpdateKeyword', keywordId, fields, previousKeyword }),
      ];
    },
  }),
  MoveKeywords: declareCommand({
    schema: moveKeywordsCommand,
    streams: ({ moves }) =>
      moves.map(({ keywordId, position: at }) =>
        onKeyword(keywordId, { type: 'MoveKeyword', keywordId, position: at }),
      ),
  }),
  SetKeywordActive: declareCommand({
    schema: setKeywordActiveCommand,
    streams: ({ keywordId, active }) => [
      onKeyword(keywordId, { type: 'SetKeywordActive', keywordId, active }),
    ],
  }),
  DeleteKeyword: declareCommand({
    schema: deleteKeywordCommand,
    streams: ({ keywordId, keyword }) => [
      onKeyword(keywordId, { type: 'DeleteKeyword', keywordId }),
      release(keyword, keywordId),
    ],
  }),
};
