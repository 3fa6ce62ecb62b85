export { mediaCommands, altText } from './commands';
