/**
 * The calculators' server side: nothing but the providers' entered prices for 'Use a
 * provider's price'. The calculators themselves run in the page (domain/calculator), on the
 * server for the no-JS GET form and in the browser, with the same rules.
 */
import { calculator as calculatorBackend } from '../../workers/calculator/capability';
import { defineHttpCapability } from '../bootstrap/capability';
import { CALCULATOR_PATHS } from './contracts';

export const calculator = defineHttpCapability(calculatorBackend, {
  publicReads: [
    { path: CALCULATOR_PATHS.providerPrices, read: (queries) => queries.providerPriceTables() },
    {
      path: CALCULATOR_PATHS.concentrationPresets,
      read: (queries) => queries.concentrationPresets(),
    },
  ],
});
