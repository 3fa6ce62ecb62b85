/**
 * Every page type's HTML passes the W3C Nu validator (the vnu-jar package, run with the
 * system's Java) with 0 errors. The app is started in process with its server-rendered pages,
 * each page is fetched as a visitor gets it, and all of them go to ONE java invocation (the
 * JVM's start is the slow part). Without java the suite is skipped and says why.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCities } from '../../../domain/cities';
import { startTestServer, type TestServer } from '../../support/http-server';

const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

function javaMissing(): string | null {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore', timeout: 10_000 });
    return null;
  } catch {
    return 'java is not installed (apt-get install openjdk-17-jre-headless): the W3C Nu validator cannot run';
  }
}
const skipReason = javaMissing();
if (skipReason) console.warn(`Skipping the HTML validity suite: ${skipReason}`);

const POST_SLUG = 'what-a-dose-ladder-means';
const city = allCities()[0];

/** [page type, path, expected status]. */
const PAGES: [string, string, number][] = [
  ['home', '/', 200],
  ['home filtered by state', '/?state=OH', 200],
  ['calculator', '/calculator', 200],
  ['calculator: cost tab', '/calculator?tab=cost', 200],
  ['calculator: bmi tab', '/calculator?tab=bmi', 200],
  [
    'calculator: dosage result',
    '/calculator?tab=dosage&dose=0.25&concentration=2.5&frequency=1&weeks=4&vial=2',
    200,
  ],
  [
    'calculator: cost result',
    '/calculator?tab=cost&price=299&volume=2&strength=2.5&weeklyDose=0.5',
    200,
  ],
  ['calculator: bmi result, metric', '/calculator?tab=bmi&units=metric&weight=90&height=175', 200],
  ['calculator: invalid input', '/calculator?tab=dosage&dose=-1&concentration=abc', 200],
  ['about', '/about', 200],
  ['contact', '/contact', 200],
  ['vial score', '/vial-score', 200],
  ['support', '/support', 200],
  ['privacy policy', '/privacy-policy', 200],
  ['terms of use', '/terms-of-use', 200],
  ['cookie policy', '/cookie-policy', 200],
  ['blog list', '/blog', 200],
  ['blog post', `/blog/${POST_SLUG}`, 200],
  ['post not found', '/blog/no-such-post', 404],
  ['cities index', '/near', 200],
  ['city page', `/near/${city?.slug ?? 'none'}`, 200],
  ['state page', '/near/state/oh', 200],
  ['search', '/search?q=semaglutide', 200],
  ['search, no query', '/search', 200],
  ['glp1 ai', '/glp1-ai?q=what+is+the+starting+dose+of+semaglutide', 200],
  ['add provider', '/add-provider', 200],
  ['reddit posts', '/reddit-posts', 200],
  ['not found', '/no-such-page', 404],
  ['admin login', '/admin/login', 200],
  // The states a page reaches without JavaScript (form posts answered with a redirect).
  ['contact: sent', '/contact?status=sent', 200],
  ['contact: invalid fields', '/contact?status=invalid&fields=name,email,message', 200],
  ['add provider: invalid fields', '/add-provider?status=invalid&fields=providerName,website', 200],
  ['home: ZIP of no state', '/?zip=00000', 200],
  ['search: no result', '/search?q=xyzzyq', 200],
  ['glp1 ai: no answer', '/glp1-ai?q=how+tall+is+mount+everest', 200],
  ['reddit posts: a search', '/reddit-posts?q=ozempic&subreddit=loseit', 200],
  ['unknown city', '/near/no-such-city', 404],
];

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

function runVnu(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-Xss4m', '-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files],
      { maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (error, _stdout, stderr) => {
        // vnu writes its JSON report to stderr and exits 1 when it found errors.
        try {
          resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(error ?? new Error(`vnu gave no JSON report: ${stderr.slice(0, 2000)}`));
        }
      },
    );
  });
}

let server: TestServer;
let dir: string;

describe.skipIf(skipReason !== null)('W3C Nu validator: every page type', () => {
  beforeAll(async () => {
    server = await startTestServer({
      ssrPages: true,
      prefix: 'vial-vnu-',
      env: { SEED_DEMO: 'true', CONTACT_EMAIL: 'hello@vialcompare.example' },
    });
    // The demo providers, as at first start (api/main.ts does the same).
    const { prepareFirstStart } = await import('../../../api/first-start');
    await prepareFirstStart(server.backend);
    const post = await server.backend.bus.dispatch(
      {
        type: 'CreatePost',
        post: {
          title: 'What a dose ladder means',
          slug: POST_SLUG,
          content:
            '<h2>Four weeks a step</h2><p>Semaglutide starts at <strong>0.25 mg</strong> a week.</p><ul><li>0.5 mg</li><li>1 mg</li></ul>',
          excerpt: 'How the weekly steps work.',
          publish: true,
        },
      },
      { actor: { kind: 'system', id: 'test' }, correlationId: 'vnu' },
    );
    await server.backend.waitForProjections(post.position);
    // Edited content and an SEO override with every field: the merged head must stay valid.
    const system = { actor: { kind: 'system', id: 'test' }, correlationId: 'vnu' } as const;
    await server.backend.bus.dispatch(
      {
        type: 'SetSiteContent',
        key: 'benefits',
        content: JSON.stringify([
          { title: 'Dated prices', text: 'Every price <checked> & dated.' },
        ]),
      },
      system,
    );
    const seo = await server.backend.bus.dispatch(
      {
        type: 'SaveSeoOverride',
        path: '/blog',
        metaTitle: 'GLP-1 articles & "insights"',
        metaDescription: 'Articles <about> GLP-1 medications.',
        metaKeywords: 'glp-1, semaglutide',
        canonicalUrl: 'https://vialcompare.example/blog?a=1&b=2',
        ogImageUrl: 'https://vialcompare.example/og.png',
        robotsDirective: 'noindex, follow',
      },
      system,
    );
    await server.backend.waitForProjections(seo.position);
    dir = mkdtempSync(path.join(tmpdir(), 'vial-vnu-pages-'));
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers each page with its status, and the validator finds 0 errors in all of them', async () => {
    // Fetched a few at a time (the first renders compile the pages' modules), then validated
    // together.
    const files = PAGES.map((_, i) => path.join(dir, `${i.toString().padStart(2, '0')}.html`));
    const byFile = new Map(
      PAGES.map(([name, pathname], i) => [`file:${files[i]}`, `${name} (${pathname})`]),
    );
    const started = Date.now();
    for (let i = 0; i < PAGES.length; i += 4) {
      await Promise.all(
        PAGES.slice(i, i + 4).map(async ([name, pathname, status], j) => {
          const response = await fetch(`${server.base}${pathname}`);
          expect(response.status, `${name} (${pathname})`).toBe(status);
          writeFileSync(files[i + j] as string, await response.text());
        }),
      );
    }
    const fetched = Date.now();
    const messages = await runVnu(files);
    console.info(
      `${PAGES.length} pages fetched in ${fetched - started} ms, validated in ${Date.now() - fetched} ms`,
    );
    const errors = messages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
    const report = errors.map(
      (m) =>
        `${byFile.get(m.url ?? '') ?? m.url}: line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`,
    );
    expect(report, report.join('\n')).toEqual([]);
  }, 120_000);
});
