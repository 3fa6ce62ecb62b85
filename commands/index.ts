/** The write side's platform: the generic handler, its declarations and errors, the seed. */
export { createCommandBus, EVENT_SCHEMA_VERSION } from './bus';
export type { CommandBus, CommandBusOptions, CommandContext, CommandResult } from './bus';
export { declareCommand, onStream, writeModel } from './command';
export type {
  CommandDeclaration,
  CommandDeclarations,
  CommandInput,
  StreamDecision,
} from './command';
export { CommandValidationError, ConcurrencyError, DecisionError } from './errors';
