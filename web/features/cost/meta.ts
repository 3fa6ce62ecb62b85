/** What /cost tells search engines: its title and description for the choice shown. */
import type { CostPageView } from '../../../api/cost/contracts';
import { COST_FORM_LABELS } from '../../../domain/cost/options';

export const COST_TITLE = 'GLP-1 cost, all in: ranked by your dose path';
export const COST_DESCRIPTION =
  'What semaglutide or tirzepatide really costs over 1 to 12 months in your state: medication along the label dose path, membership, one-time fees and shipping, itemised, with unknown fees named.';

export function costPageCopy(view: CostPageView | null): { title: string; description: string } {
  if (!view) return { title: COST_TITLE, description: COST_DESCRIPTION };
  const { medication, form, months, stateName } = view.choice;
  const formWord = form === 'either' ? '' : `${COST_FORM_LABELS[form].toLowerCase()} `;
  const where = stateName ? ` in ${stateName}` : '';
  return {
    title: `${months} months of ${formWord}${medication}${where}: all-in cost`,
    description: `${months} months of ${formWord}${medication}${where}, all in: every provider's medication along the label dose path, membership, one-time fees and shipping, itemised and ranked by total.`,
  };
}
