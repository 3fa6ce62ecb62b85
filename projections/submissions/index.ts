/** The submissions capability's read side. */
export {
  submissionsProjector,
  submissionQueries,
  SUBMISSIONS_COLLECTION,
  type SubmissionDoc,
  type SubmissionListParams,
  type SubmissionQueries,
} from './projector';
export { submissionsAudit } from './audit';
export { submissionCounters } from './counters';
