export { blogCommands, postInputSchema } from './commands';
