/** The calculators' rules, as other capabilities reach them (docs/architecture.md). */
export {
  ladderDoses,
  titrationCost,
  weeksInMonths,
  TITRATION_HORIZONS_MONTHS,
  type TitrationCost,
  type TitrationFill,
  type TitrationHorizon,
} from './titration';
