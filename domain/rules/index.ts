/** Pure business rules of the product (no I/O). Import from here or from the module itself. */
export * from './prices';
export * from './format';
export * from './input';
export * from './vial-score';
export * from './provider-card';
export * from './titration';
export * from './dosage';
export * from './cost';
export * from './bmi';
export * from './affiliate-link';
export * from './blog';
export * from './newsletter';
export * from './provider-submission';
export * from './reddit';
export * from './donation';
export * from './copy';
