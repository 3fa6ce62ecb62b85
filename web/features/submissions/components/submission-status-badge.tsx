import {
  SUBMISSION_STATUS_LABELS,
  type SubmissionStatus,
} from '../../../../api/submissions/contracts';
import { Badge } from '../../../components/ui/badge';

const VARIANT = {
  new: 'default',
  in_review: 'secondary',
  accepted: 'outline',
  rejected: 'muted',
} as const;

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <Badge variant={VARIANT[status]}>{SUBMISSION_STATUS_LABELS[status]}</Badge>;
}
