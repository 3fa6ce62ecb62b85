export { providerCommands } from './commands';
export { DEMO_PROVIDERS, SEED_ACTOR, seedDemoContent } from './seed';
