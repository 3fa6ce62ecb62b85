/** Provider submissions: visitors send them from /add-provider; administrators review them. */
import type { submissionCommands } from '../../commands/submissions';
import type { submissionQueries } from '../../projections/submissions';
import { submissions as submissionsBackend } from '../../workers/submissions/capability';
import { defineHttpCapability, type RouteDeps } from '../bootstrap/capability';
import { submissionRoutes, type SubmissionRouteDeps } from './routes';

type OwnDeps = RouteDeps<typeof submissionCommands, ReturnType<typeof submissionQueries>>;

export const submissions = defineHttpCapability(submissionsBackend, {
  // The platform hands every capability the whole application's command gateway (see
  // HTTP_CAPABILITY_LIST); Accept also dispatches the providers capability's ListProvider on it.
  routes: (routers, deps: OwnDeps) =>
    submissionRoutes(routers, deps as unknown as SubmissionRouteDeps),
});
