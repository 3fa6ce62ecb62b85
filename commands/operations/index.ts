export { operationsCommands } from './commands';
