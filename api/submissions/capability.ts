/** Provider submissions: visitors send them from /add-provider; administrators review them. */
import { submissionCommands } from '../../commands/submissions';
import { submissionEventSchemas } from '../../domain/submissions/events';
import {
  submissionCounters,
  submissionQueries,
  submissionsAudit,
  submissionsProjector,
} from '../../projections/submissions';
import { defineCapability, type RouteDeps } from '../bootstrap/capability';
import { submissionRoutes, type SubmissionRouteDeps } from './routes';

type OwnDeps = RouteDeps<typeof submissionCommands, ReturnType<typeof submissionQueries>>;

export const submissions = defineCapability({
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
  audit: submissionsAudit,
  counters: submissionCounters,
  queries: submissionQueries,
  // The platform hands every capability the whole application's command gateway (see
  // CAPABILITY_LIST); Accept also dispatches the providers capability's ListProvider on it.
  routes: (routers, deps: OwnDeps) =>
    submissionRoutes(routers, deps as unknown as SubmissionRouteDeps),
});
