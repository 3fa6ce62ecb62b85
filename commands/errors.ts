import type { ZodError } from 'zod';
import { AdminDecisionError } from '../domain/admin/decider';
import { ProviderDecisionError } from '../domain/provider/decider';
import { SubscriptionDecisionError } from '../domain/subscription/decider';

export { ConcurrencyError } from './event-store/port';
export { AdminDecisionError, ProviderDecisionError, SubscriptionDecisionError };

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

/** A decision the history refused (not found, removed, already exists, setup used...). */
export type DomainDecisionError =
  ProviderDecisionError | AdminDecisionError | SubscriptionDecisionError;

export function isDomainDecisionError(error: unknown): error is DomainDecisionError {
  return (
    error instanceof ProviderDecisionError ||
    error instanceof AdminDecisionError ||
    error instanceof SubscriptionDecisionError
  );
}
