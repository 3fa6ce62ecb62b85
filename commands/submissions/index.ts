export { submissionCommands, USER_AGENT_MAX } from './commands';
