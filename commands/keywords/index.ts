export { keywordCommands, keywordNameStreamId } from './commands';
