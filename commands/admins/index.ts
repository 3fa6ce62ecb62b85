export { adminCommands } from './commands';
export { adminStreamId, hashSetupToken, invitationStreamId } from './streams';
export {
  invitationSecret,
  invitationToken,
  invitationUrl,
  INVITATION_SECRET_FILE,
  type InvitationSecretSource,
} from './invitation-token';
