import { describe, expect, it } from 'vitest';
import type { AdminDeployment } from '../../../api/admins/contracts';
import { deploymentBadge } from '../../../web/features/admins/components/environment-badge';

describe("the back office's environment badge says what the server's configuration says", () => {
  it.each<[AdminDeployment, string, string, string]>([
    [
      { environment: 'production', profile: 'embedded' },
      'Production',
      'embedded profile',
      'outline',
    ],
    [
      { environment: 'production', profile: 'distributed' },
      'Production',
      'distributed profile',
      'outline',
    ],
    [
      { environment: 'development', profile: 'embedded' },
      'Development',
      'embedded profile',
      'secondary',
    ],
    [{ environment: 'test', profile: 'embedded' }, 'Test', 'embedded profile', 'secondary'],
  ])('%j: %s, %s (%s)', (deployment, label, detail, variant) => {
    expect(deploymentBadge(deployment)).toEqual({ label, detail, variant });
  });
});
