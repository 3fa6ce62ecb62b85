import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe in the page: the violations' ids and the first target of each. The page's context must
 * bypass the CSP (axe is injected as a script tag). Finite animations finish first, so a
 * dialog fading in is measured at its final colours, not half-transparent (infinite ones, such
 * as a skeleton's pulse, are not waited for).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: () => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes[0]?.target)}`);
  });
}
