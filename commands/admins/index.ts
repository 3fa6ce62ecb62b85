export { adminCommands } from './commands';
export { adminStreamId, hashSetupToken } from './streams';
