/**
 * MongoDB's filter and update languages in memory, through mingo: the memory, on-disk and
 * sealed read stores test filters and apply updates with these, as the MongoDB adapter's
 * server would. Only mingo's query and update parts are loaded: its main module also loads
 * every aggregation, expression and window operator, 200 ms of each start (none is used).
 */
import { Context } from 'mingo/core';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import { update } from 'mingo/updater';
import type { Document, Filter, Update } from './port';

export type { Query };

const queries = Context.init({ query: queryOperators });

/** A filter compiled for testing documents (`test`, `find`). */
export function compileQuery(filter: Filter): Query {
  return new Query(filter, { context: queries });
}

/** Applies an update to a document in place (its nested values are copied, never shared). */
export function applyUpdate(doc: Document, operations: Update): void {
  update(doc, operations, undefined, undefined, { cloneMode: 'deep' });
}
