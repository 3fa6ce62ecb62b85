/**
 * The keyword's decider (`keyword-{id}`) and the keyword text's reservation
 * (`keyword-name-{key}`). Pure: the order across keywords is decided by the rules
 * (rules.ts, reorderKeywords) and arrives here as this keyword's new position.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import type { KeywordEvent, KeywordNameEvent } from './events';
import type { KeywordFields } from './fields';
import { KEYWORD_MESSAGES, keywordKey } from './rules';

export const keywordErrors = decisionErrors({
  keyword_not_found: 'Keyword not found',
  keyword_exists: 'This keyword was already created.',
  keyword_taken: KEYWORD_MESSAGES.keywordTaken,
  keyword_changed: 'This keyword was changed by someone else. Reload and try again.',
});
const { fail } = keywordErrors;

export type KeywordState =
  | { status: 'absent' | 'deleted' }
  | {
      status: 'present';
      keywordId: string;
      fields: KeywordFields;
      position: number;
      active: boolean;
    };

export type KeywordCommand =
  | { type: 'CreateKeyword'; keywordId: string; fields: KeywordFields; position: number }
  /** `previousKeyword`: the text the editor loaded (a mismatch: someone renamed it meanwhile). */
  | { type: 'UpdateKeyword'; keywordId: string; fields: KeywordFields; previousKeyword: string }
  | { type: 'MoveKeyword'; keywordId: string; position: number }
  | { type: 'SetKeywordActive'; keywordId: string; active: boolean }
  | { type: 'DeleteKeyword'; keywordId: string };

const sameFields = (a: KeywordFields, b: KeywordFields) =>
  a.keyword === b.keyword && a.category === b.category && a.note === b.note;

export const keywordDecider: Decider<KeywordCommand, KeywordEvent, KeywordState> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'KeywordCreated': {
        const { keywordId, keyword, category, note, position } = event.data;
        return {
          status: 'present',
          keywordId,
          fields: { keyword, category, note },
          position,
          active: true,
        };
      }
      case 'KeywordDeleted':
        return { status: 'deleted' };
    }
    if (state.status !== 'present') return state;
    switch (event.type) {
      case 'KeywordUpdated': {
        const { keyword, category, note } = event.data;
        return { ...state, fields: { keyword, category, note } };
      }
      case 'KeywordMoved':
        return { ...state, position: event.data.position };
      case 'KeywordActivated':
        return { ...state, active: true };
      case 'KeywordDeactivated':
        return { ...state, active: false };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateKeyword') {
      if (state.status !== 'absent') fail('keyword_exists');
      const { keywordId, fields, position } = command;
      return [{ type: 'KeywordCreated', data: { keywordId, ...fields, position } }];
    }
    if (state.status !== 'present') return fail('keyword_not_found');
    const { keywordId } = state;
    switch (command.type) {
      case 'UpdateKeyword':
        if (keywordKey(state.fields.keyword) !== keywordKey(command.previousKeyword)) {
          fail('keyword_changed');
        }
        if (sameFields(state.fields, command.fields)) return [];
        return [
          {
            type: 'KeywordUpdated',
            data: { keywordId, ...command.fields, previousKeyword: state.fields.keyword },
          },
        ];
      case 'MoveKeyword':
        return state.position === command.position
          ? []
          : [{ type: 'KeywordMoved', data: { keywordId, position: command.position } }];
      case 'SetKeywordActive':
        if (state.active === command.active) return [];
        return [
          { type: command.active ? 'KeywordActivated' : 'KeywordDeactivated', data: { keywordId } },
        ];
      case 'DeleteKeyword':
        return [
          {
            type: 'KeywordDeleted',
            data: { keywordId, keyword: state.fields.keyword, wasActive: state.active },
          },
        ];
    }
  },
};

// ---- the reservation of a keyword's text ----

export type KeywordNameState = { reservedBy: string | null };
export type KeywordNameCommand =
  | { type: 'ReserveKeywordName'; key: string; keywordId: string }
  | { type: 'ReleaseKeywordName'; key: string; keywordId: string };

export const keywordNameDecider: Decider<KeywordNameCommand, KeywordNameEvent, KeywordNameState> = {
  initialState: { reservedBy: null },
  evolve(_state, event) {
    return event.type === 'KeywordNameReserved'
      ? { reservedBy: event.data.keywordId }
      : { reservedBy: null };
  },
  decide(command, state) {
    const { key, keywordId } = command;
    if (command.type === 'ReserveKeywordName') {
      if (state.reservedBy === keywordId) return [];
      if (state.reservedBy !== null) fail('keyword_taken');
      return [{ type: 'KeywordNameReserved', data: { key, keywordId } }];
    }
    // Only its holder releases a name (a stale release after a rename changes nothing).
    return state.reservedBy === keywordId
      ? [{ type: 'KeywordNameReleased', data: { key, keywordId } }]
      : [];
  },
};
