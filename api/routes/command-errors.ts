/**
 * Turns what the command side throws into the HTTP answers the back office shows. Field paths
 * are given as the form knows them: the provider form's fields without the 'details.' prefix.
 */
import {
  AdminDecisionError,
  CommandValidationError,
  ProviderDecisionError,
  SubscriptionDecisionError,
} from '../../commands/errors';
import { HttpError } from '../http/errors';
import { INVALID_REQUEST_MESSAGE } from '../http/validation';

const PROVIDER_STATUS: Record<ProviderDecisionError['code'], number> = {
  provider_not_found: 404,
  provider_removed: 410,
  provider_already_listed: 409,
};

const ADMIN_STATUS: Record<AdminDecisionError['code'], number> = {
  admin_already_registered: 409,
  admin_not_found: 404,
  admin_deactivated: 403,
  setup_completed: 410,
  setup_token_invalid: 400,
  setup_token_expired: 410,
};

const SUBSCRIPTION_STATUS: Record<SubscriptionDecisionError['code'], number> = {
  already_subscribed: 409,
};

/** 'details.name' -> 'name'; other paths ('prices.semaglutide.0.25') stay as they are. */
export function formFieldPath(path: string): string {
  return path.startsWith('details.') ? path.slice('details.'.length) : path;
}

export function commandErrorToHttp(error: unknown): unknown {
  if (error instanceof CommandValidationError) {
    const fields: Record<string, string> = {};
    for (const [path, message] of Object.entries(error.fields)) {
      fields[formFieldPath(path)] ??= message;
    }
    return new HttpError(400, error.message || INVALID_REQUEST_MESSAGE, fields);
  }
  if (error instanceof ProviderDecisionError) {
    return new HttpError(PROVIDER_STATUS[error.code], error.message);
  }
  if (error instanceof AdminDecisionError) {
    return new HttpError(ADMIN_STATUS[error.code], error.message);
  }
  if (error instanceof SubscriptionDecisionError) {
    return new HttpError(SUBSCRIPTION_STATUS[error.code], error.message);
  }
  return error;
}
