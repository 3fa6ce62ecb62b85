export { contactCommands } from './commands';
