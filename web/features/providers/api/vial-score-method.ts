/** GET /api/providers/vial-score-method: version, last recomputation and the worked example. */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../../api/contracts/http';
import { PROVIDER_PATHS, type VialScoreMethodView } from '../../../../api/providers/contracts';

export const vialScoreMethodKey = ['vial-score-method'] as const;

export const vialScoreMethodQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: vialScoreMethodKey,
    queryFn: () => api.get<VialScoreMethodView>(PROVIDER_PATHS.vialScoreMethod),
  });
