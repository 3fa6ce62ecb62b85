/** Provider submissions' backend half: visitors' submissions as events, reviewed by administrators. */
import { submissionCommands } from '../../commands/submissions';
import { submissionEventSchemas } from '../../domain/submissions/events';
import {
  SUBMISSIONS_COLLECTION,
  submissionCounters,
  submissionQueries,
  submissionsAudit,
  submissionsProjector,
} from '../../projections/submissions';
import { defineBackend } from '../bootstrap/capability';
import { submissionMails } from './mails';

export const submissions = defineBackend({
  name: 'submissions',
  eventSchemas: submissionEventSchemas,
  commands: submissionCommands,
  decisionStatus: {
    submission_already_received: 409,
    submission_not_found: 404,
    submission_already_in_review: 409,
    submission_already_decided: 409,
  },
  projectors: [submissionsProjector],
  backOfficeReadModels: [SUBMISSIONS_COLLECTION],
  audit: submissionsAudit,
  counters: submissionCounters,
  queries: submissionQueries,
  mails: submissionMails,
});
