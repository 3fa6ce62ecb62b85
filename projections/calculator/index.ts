/** The calculator capability's read side: the providers' entered prices. */
export {
  calculatorQueries,
  concentrationPresetsOf,
  type CalculatorQueries,
  type ConcentrationPreset,
} from './queries';
