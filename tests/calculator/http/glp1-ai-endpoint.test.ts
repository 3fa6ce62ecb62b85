/**
 * /api/glp1-ai with an operator's OpenAI-compatible endpoint: a local fake server stands in
 * for it (no real endpoint is ever called). The answer is generated from the retrieved
 * passages only, the sources stay listed, and a failing endpoint falls back to the passages.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/http-server';

let fake: Server;
let fakeUrl = '';
type ChatRequest = { model: string; messages: { content: string }[] };
const received: { auth?: string; body: ChatRequest }[] = [];
let reply: { status: number; content: string } = { status: 200, content: '' };

let site: TestServer;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(raw) as ChatRequest });
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content: reply.content } }] }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  site = await startTestServer({
    prefix: 'vial-ai-',
    env: { AI_BASE_URL: fakeUrl, AI_MODEL: 'fake-model', AI_API_KEY: 'test-key' },
  });
});
afterAll(async () => {
  await site.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

const ask = async (q: string) =>
  (await (await fetch(`${site.base}/api/glp1-ai?q=${encodeURIComponent(q)}`)).json()) as {
    status: string;
    generated?: string | null;
    sources?: { url: string; text: string }[];
  };

describe('GLP-1 AI with a configured endpoint', () => {
  it('sends the retrieved passages and the question, and returns its answer with the sources', async () => {
    reply = { status: 200, content: 'Semaglutide is usually started at 0.25 mg weekly [1].' };
    const answer = await ask('semaglutide weekly dose');
    expect(answer.status).toBe('answered');
    expect(answer.generated).toBe('Semaglutide is usually started at 0.25 mg weekly [1].');
    expect(answer.sources?.[0]?.url).toBe('/calculator');
    const call = received.at(-1);
    expect(call?.auth).toBe('Bearer test-key');
    expect(call?.body.model).toBe('fake-model');
    expect(call?.body.messages[1]?.content).toContain('[1] GLP-1 Calculators:');
    expect(call?.body.messages[1]?.content).toContain('Question: semaglutide weekly dose');
  });

  it('keeps the quoted sources when the endpoint fails', async () => {
    reply = { status: 500, content: '' };
    const answer = await ask('semaglutide weekly dose');
    expect(answer).toMatchObject({ status: 'answered', generated: null });
    expect(answer.sources?.length).toBeGreaterThan(0);
  });

  it('never calls the endpoint for a question the site cannot answer', async () => {
    const before = received.length;
    expect(await ask('best pizza in naples')).toEqual({
      status: 'no-answer',
      question: 'best pizza in naples',
    });
    expect(received).toHaveLength(before);
  });
});

describe('configuration', () => {
  it.each([
    [{ AI_BASE_URL: 'http://x' }, 'AI_MODEL is required when AI_BASE_URL is set'],
    [{ CONTACT_EMAIL: 'not-an-address' }, 'CONTACT_EMAIL must be an e-mail address (x@y.z)'],
    [{ DONATION_URL: 'http://insecure.example' }, 'DONATION_URL must be a https:// URL'],
  ])('refuses %o with a message naming the variable', async (env, message) => {
    const { loadConfig } = await import('../../../workers/bootstrap/config');
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('treats empty values as unset', async () => {
    const { loadConfig } = await import('../../../workers/bootstrap/config');
    expect(loadConfig({ CONTACT_EMAIL: '', DONATION_URL: '' })).toMatchObject({
      CONTACT_EMAIL: undefined,
      DONATION_URL: undefined,
    });
  });
});
