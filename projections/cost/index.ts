/** The cost capability's read side: the listed providers' costs and the /cost ranking. */
export { costChoiceKey, costQueries, type CostListedProvider, type CostQueries } from './queries';
