/** Media's domain: its events, decider and rules. */
export * from './events';
export * from './decider';
export * from './rules';
