import type { ZodError } from 'zod';

export { ConcurrencyError } from './event-store/port';
export { DecisionError } from '../domain/shared/decider';

/** A command that failed validation. `fields` maps a field path ('details.name') to its message. */
export class CommandValidationError extends Error {
  override readonly name = 'CommandValidationError';
  constructor(
    readonly fields: Record<string, string>,
    message: string = Object.values(fields)[0] ?? 'Invalid command',
  ) {
    super(message);
  }

  static fromZod(error: ZodError): CommandValidationError {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      const path = issue.path.map(String).join('.') || '_';
      fields[path] ??= issue.message;
    }
    return new CommandValidationError(fields);
  }
}
