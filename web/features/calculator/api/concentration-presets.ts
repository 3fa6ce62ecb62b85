/**
 * GET /api/calculator/concentration-presets: listed providers' vials with a concentration
 * ('Provider X, 2.5 mg/ml'), fetched whole and chosen from in the browser: nothing the visitor
 * typed is sent. Fetched only once the visitor opens 'Use a provider's vial'.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  CALCULATOR_PATHS,
  type ConcentrationPresetView,
} from '../../../../api/calculator/contracts';
import type { ApiClient } from '../../../../api/contracts/http';

export const concentrationPresetsKey = ['calculator', 'concentration-presets'] as const;

export const concentrationPresetsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: concentrationPresetsKey,
    queryFn: () => api.get<ConcentrationPresetView[]>(CALCULATOR_PATHS.concentrationPresets),
    staleTime: 5 * 60_000,
  });
