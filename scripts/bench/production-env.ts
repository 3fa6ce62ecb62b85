/**
 * Imported first by scripts/bench.ts: React (loaded by the SSR bundle) and Express pick their
 * production or development code from process.env.NODE_ENV when they load. The benchmark
 * measures production, as the Docker image runs it (ENV NODE_ENV=production); config's
 * NODE_ENV default does not reach process.env.
 */
export const inheritedNodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
