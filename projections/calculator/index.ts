/** The calculator capability's read side: the providers' entered prices. */
export { calculatorQueries, type CalculatorQueries } from './queries';
