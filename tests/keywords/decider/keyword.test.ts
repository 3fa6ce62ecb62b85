/**
 * A trending keyword's lifecycle and its text's reservation, as Given(events) / When(command)
 * / Then: created at a position, edited (the text the editor loaded must still be current),
 * moved, deactivated and activated, deleted; a text is reserved by one keyword at a time.
 */
import { describe, it } from 'vitest';
import { keywordDecider, keywordNameDecider } from '../../../domain/keywords/decider';
import type { KeywordEvent, KeywordNameEvent } from '../../../domain/keywords/events';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const keyword = DeciderSpecification.for(keywordDecider);
const name = DeciderSpecification.for(keywordNameDecider);
const keywordId = 'k-1';
const fields = { keyword: 'ozempic cost', category: 'Prices', note: '' };

const created: KeywordEvent = {
  type: 'KeywordCreated',
  data: { keywordId, ...fields, position: 2 },
};
const deactivated: KeywordEvent = { type: 'KeywordDeactivated', data: { keywordId } };
const deleted: KeywordEvent = {
  type: 'KeywordDeleted',
  data: { keywordId, keyword: 'ozempic cost', wasActive: true },
};

describe('CreateKeyword', () => {
  it('given nothing, creates it active at its position', () => {
    keyword
      .given([])
      .when({ type: 'CreateKeyword', keywordId, fields, position: 2 })
      .then([created]);
  });

  it('given it exists, refuses a second create (a retried dispatch)', () => {
    keyword
      .given([created])
      .when({ type: 'CreateKeyword', keywordId, fields, position: 2 })
      .thenThrows(DecisionError, { code: 'keyword_exists' });
  });
});

describe('UpdateKeyword', () => {
  const update = {
    type: 'UpdateKeyword',
    keywordId,
    fields: { ...fields, keyword: 'Ozempic price' },
    previousKeyword: 'ozempic cost',
  } as const;

  it('records the new fields and the text it had', () => {
    keyword
      .given([created])
      .when(update)
      .then([
        {
          type: 'KeywordUpdated',
          data: { keywordId, ...update.fields, previousKeyword: 'ozempic cost' },
        },
      ]);
  });

  it('the same fields change nothing', () => {
    keyword
      .given([created])
      .when({ ...update, fields })
      .thenNothingHappened();
  });

  it('refuses when someone renamed it since the editor loaded it', () => {
    keyword
      .given([created])
      .when({ ...update, previousKeyword: 'wegovy cost' })
      .thenThrows(DecisionError, { code: 'keyword_changed' });
  });

  it('refuses a deleted keyword', () => {
    keyword
      .given([created, deleted])
      .when(update)
      .thenThrows(DecisionError, { code: 'keyword_not_found' });
  });
});

describe('MoveKeyword', () => {
  it('records a new position', () => {
    keyword
      .given([created])
      .when({ type: 'MoveKeyword', keywordId, position: 0 })
      .then([{ type: 'KeywordMoved', data: { keywordId, position: 0 } }]);
  });

  it('the same position changes nothing', () => {
    keyword
      .given([created, { type: 'KeywordMoved', data: { keywordId, position: 5 } }])
      .when({ type: 'MoveKeyword', keywordId, position: 5 })
      .thenNothingHappened();
  });

  it('refuses a keyword that does not exist', () => {
    keyword
      .given([])
      .when({ type: 'MoveKeyword', keywordId, position: 0 })
      .thenThrows(DecisionError, { code: 'keyword_not_found' });
  });
});

describe('SetKeywordActive', () => {
  it.each([
    ['an active keyword deactivated', [created], false, [deactivated]],
    [
      'an inactive keyword activated',
      [created, deactivated],
      true,
      [{ type: 'KeywordActivated', data: { keywordId } }],
    ],
    ['an active keyword activated: nothing', [created], true, []],
    ['an inactive keyword deactivated: nothing', [created, deactivated], false, []],
  ] as const)('%s', (_name, history, active, expected) => {
    keyword
      .given(history)
      .when({ type: 'SetKeywordActive', keywordId, active })
      .then([...expected]);
  });
});

describe('DeleteKeyword', () => {
  it('records the text and whether it was active', () => {
    keyword
      .given([created, deactivated])
      .when({ type: 'DeleteKeyword', keywordId })
      .then([
        { type: 'KeywordDeleted', data: { keywordId, keyword: 'ozempic cost', wasActive: false } },
      ]);
  });

  it('refuses a second delete', () => {
    keyword
      .given([created, deleted])
      .when({ type: 'DeleteKeyword', keywordId })
      .thenThrows(DecisionError, { code: 'keyword_not_found' });
  });
});

describe('the reservation of a keyword text', () => {
  const key = 'ozempic cost';
  const reserved: KeywordNameEvent = { type: 'KeywordNameReserved', data: { key, keywordId } };
  const released: KeywordNameEvent = { type: 'KeywordNameReleased', data: { key, keywordId } };

  it('a free text is reserved', () => {
    name.given([]).when({ type: 'ReserveKeywordName', key, keywordId }).then([reserved]);
  });

  it('a text held by another keyword is refused, with the message naming the rule', () => {
    name
      .given([reserved])
      .when({ type: 'ReserveKeywordName', key, keywordId: 'k-2' })
      .thenThrows(DecisionError, {
        code: 'keyword_taken',
        message: 'This keyword already exists (keywords are compared without regard to case).',
      });
  });

  it('its own holder reserving again changes nothing', () => {
    name
      .given([reserved])
      .when({ type: 'ReserveKeywordName', key, keywordId })
      .thenNothingHappened();
  });

  it('a released text can be taken by another keyword', () => {
    name
      .given([reserved, released])
      .when({ type: 'ReserveKeywordName', key, keywordId: 'k-2' })
      .then([{ type: 'KeywordNameReserved', data: { key, keywordId: 'k-2' } }]);
  });

  it('only its holder releases it', () => {
    name
      .given([reserved])
      .when({ type: 'ReleaseKeywordName', key, keywordId: 'k-2' })
      .thenNothingHappened();
    name.given([reserved]).when({ type: 'ReleaseKeywordName', key, keywordId }).then([released]);
  });
});
