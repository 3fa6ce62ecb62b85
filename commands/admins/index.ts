export { adminCommands } from './commands';
export { adminStreamId, hashSetupToken, invitationStreamId } from './streams';
