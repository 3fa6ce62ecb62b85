/** The calculators' backend half: the providers' entered prices (a query over their read model). */
import { calculatorQueries } from '../../projections/calculator';
import { defineBackend } from '../bootstrap/capability';

export const calculator = defineBackend({ name: 'calculator', queries: calculatorQueries });
