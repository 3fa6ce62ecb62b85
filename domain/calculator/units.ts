/** The specification's conversions (section 9): 0.453592 kg per lb, 0.0254 m per inch. */
export const KG_PER_LB = 0.453592;
export const M_PER_INCH = 0.0254;
export const INCHES_PER_FOOT = 12;
