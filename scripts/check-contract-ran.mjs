// Fails CI when a contract suite that must run here (Redis is present in CI) was skipped or
// absent. Usage: node scripts/check-contract-ran.mjs <vitest-json-report> <file-fragment>...
import { readFileSync } from 'node:fs';

const [reportPath, ...fragments] = process.argv.slice(2);
if (!reportPath || fragments.length === 0) {
  console.error('usage: check-contract-ran.mjs <vitest-json-report> <file-fragment>...');
  process.exit(2);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
let failed = false;
for (const fragment of fragments) {
  const files = report.testResults.filter((r) => r.name.includes(fragment));
  const passed = files.flatMap((f) => f.assertionResults).filter((a) => a.status === 'passed');
  if (passed.length === 0) {
    console.error(`contract suite "${fragment}" did not run (no passed tests in ${reportPath})`);
    failed = true;
  } else {
    console.log(`contract suite "${fragment}": ${passed.length} tests passed`);
  }
}
process.exit(failed ? 1 : 0);
