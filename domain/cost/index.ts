/** The cost capability's domain: the /cost page's choices and its all-in ranking (issue 25). */
export * from './options';
export { COST_MESSAGES, parseCostChoice, type CostChoice, type CostChoiceParse } from './choice';
export {
  bestOffer,
  FORM_FAMILIES,
  rankAllInCosts,
  type CostGroup,
  type CostProvider,
  type RankedCost,
} from './ranking';
