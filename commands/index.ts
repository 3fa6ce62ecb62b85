/** The write side's public surface, for the composition root (api/) and workers/. */
export { createCommandBus, EVENT_SCHEMA_VERSION } from './bus';
export type { CommandBus, CommandBusOptions, CommandContext, CommandResult } from './bus';
export {
  AdminDecisionError,
  CommandValidationError,
  ConcurrencyError,
  ProviderDecisionError,
  SubscriptionDecisionError,
  isDomainDecisionError,
} from './errors';
export type { DomainDecisionError } from './errors';
export { commandSchema } from './schemas';
export type { Command, CommandType, ParsedCommand } from './schemas';
export { DEMO_PROVIDERS, SEED_ACTOR, seedDemoContent } from './seed';
export { adminStreamId, hashSetupToken, subscriptionIdOf, subscriptionStreamId } from './streams';
