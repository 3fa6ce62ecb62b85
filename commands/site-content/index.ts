export { siteContentCommands } from './commands';
