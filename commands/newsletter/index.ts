export { newsletterCommands } from './commands';
export { subscriptionIdOf, subscriptionStreamId } from './streams';
