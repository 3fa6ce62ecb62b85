// A smoke journey against a running site (CI runs it against `docker compose up`): ready, the
// home page, the providers list and one provider page, and the doors that must stay shut.
// Usage: node scripts/smoke.mjs [base URL]   (default SMOKE_BASE_URL or http://localhost:3000)
// Exits 1 naming every check that failed.
const base = (process.argv[2] ?? process.env.SMOKE_BASE_URL ?? 'http://localhost:3000').replace(
  /\/$/,
  '',
);
const readyTimeoutMs = Number(process.env.SMOKE_READY_TIMEOUT_MS ?? 180_000);

const get = (path, init = {}) => fetch(`${base}${path}`, { redirect: 'manual', ...init });

async function waitUntilReady() {
  const deadline = Date.now() + readyTimeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await get('/readyz');
      if (response.status === 200) return;
      last = `HTTP ${response.status} ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`/readyz not 200 within ${readyTimeoutMs} ms (last: ${last})`);
}

function expectStatus(response, status, what) {
  if (response.status !== status)
    throw new Error(`${what}: HTTP ${response.status}, not ${status}`);
}

const checks = [
  ['GET /readyz answers 200', waitUntilReady],
  [
    'GET / is the home page',
    async () => {
      const response = await get('/');
      expectStatus(response, 200, 'GET /');
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) {
        throw new Error(`GET /: Content-Type ${response.headers.get('content-type')}`);
      }
      if (!(await response.text()).includes('<html')) throw new Error('GET /: no <html>');
    },
  ],
  [
    'a provider page from /providers answers 200',
    async () => {
      const list = await get('/providers');
      expectStatus(list, 200, 'GET /providers');
      const slug = /href="\/providers\/([a-z0-9-]+)"/.exec(await list.text())?.[1];
      if (!slug) throw new Error('GET /providers links no provider (demo providers seeded?)');
      expectStatus(await get(`/providers/${slug}`), 200, `GET /providers/${slug}`);
    },
  ],
  [
    'the admin API refuses a visitor (401)',
    async () => expectStatus(await get('/api/admin/metrics'), 401, 'GET /api/admin/metrics'),
  ],
  [
    'a back-office page sends a visitor to the login page, not cached',
    async () => {
      const response = await get('/admin/dashboard');
      expectStatus(response, 303, 'GET /admin/dashboard');
      if (response.headers.get('location') !== '/admin/login') {
        throw new Error(`GET /admin/dashboard: Location ${response.headers.get('location')}`);
      }
      if (response.headers.get('cache-control') !== 'no-store') {
        throw new Error(
          `GET /admin/dashboard: Cache-Control ${response.headers.get('cache-control')}`,
        );
      }
    },
  ],
  [
    'a change from another site is refused (403)',
    async () => {
      const response = await get('/api/subscriptions', {
        method: 'POST',
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'smoke@example.com' }),
      });
      expectStatus(response, 403, 'POST /api/subscriptions from https://evil.example');
    },
  ],
];

let failed = 0;
for (const [name, check] of checks) {
  try {
    await check();
    console.log(`ok   ${name}`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
console.log(
  failed === 0
    ? `smoke: all ${checks.length} checks passed against ${base}`
    : `smoke: ${failed} of ${checks.length} checks failed against ${base}`,
);
process.exit(failed === 0 ? 0 : 1);
