/** The calculator page's title and description: the route's head reads them without loading the page's code. */
export const CALCULATOR_TITLE = 'GLP-1 Dosage, Cost & BMI Calculators';
export const CALCULATOR_DESCRIPTION =
  'Free GLP-1 calculators: turn a semaglutide or tirzepatide dose into ml and U-100 syringe units, compare cost per mg, and check your BMI.';
