import type { AdminDeployment } from '../../../../api/admins/contracts';
import { Badge, type BadgeProps } from '../../../components/ui/badge';

const ENVIRONMENT_LABELS: Record<AdminDeployment['environment'], string> = {
  production: 'Production',
  development: 'Development',
  test: 'Test',
};

/** What the badge says, and how loudly: a server that is not production stands out. */
export function deploymentBadge(deployment: AdminDeployment): {
  label: string;
  detail: string;
  variant: NonNullable<BadgeProps['variant']>;
} {
  return {
    label: ENVIRONMENT_LABELS[deployment.environment],
    detail: `${deployment.profile} profile`,
    variant: deployment.environment === 'production' ? 'outline' : 'secondary',
  };
}

/**
 * The environment badge in the back office's header: the server's own configuration (NODE_ENV
 * and PROFILE, read from GET /api/admin/session), so it never claims more than the server knows.
 * The profile shows from the lg breakpoint; screen readers always hear it.
 */
export function EnvironmentBadge({ deployment }: { deployment: AdminDeployment }) {
  const { label, detail, variant } = deploymentBadge(deployment);
  return (
    <Badge variant={variant} title={`${label} server, ${detail}`}>
      <span>
        <span className="sr-only">Environment: </span>
        {label}
        <span className="sr-only lg:not-sr-only">, {detail}</span>
      </span>
    </Badge>
  );
}
