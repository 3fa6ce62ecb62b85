/**
 * The optional OpenAI-compatible endpoint of /glp1-ai (AI_BASE_URL, AI_MODEL, AI_API_KEY; off
 * unless all three are set). It only rewrites passages the site search retrieved into a short
 * answer; the page lists the sources either way. The visitor's question is sent without
 * anything that identifies them (no IP, no headers of theirs).
 */
import type { Passage } from '../../projections/search-index';

export interface AiEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string;
}

export const AI_TIMEOUT_MS = 15_000;

export const AI_SYSTEM_PROMPT =
  'You answer questions about GLP-1 medications for the website VialCompare using ONLY the numbered sources given. ' +
  'Quote or paraphrase them and cite them as [1], [2]. If the sources do not answer the question, reply exactly: NO_ANSWER. ' +
  'You are not a clinician: never give personal medical advice, and remind the reader to ask a licensed clinician when the question is about their own treatment. ' +
  'Answer in at most 120 words of plain text.';

/** The endpoint's answer, or null when it answered NO_ANSWER, failed or timed out. */
export async function generateAnswer(
  endpoint: AiEndpoint,
  question: string,
  sources: readonly Passage[],
  onError: (error: unknown) => void,
): Promise<string | null> {
  const numbered = sources.map((s, i) => `[${i + 1}] ${s.title}: ${s.text}`).join('\n');
  try {
    const response = await fetch(`${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${endpoint.apiKey}`,
      },
      body: JSON.stringify({
        model: endpoint.model,
        temperature: 0,
        messages: [
          { role: 'system', content: AI_SYSTEM_PROMPT },
          { role: 'user', content: `Sources:\n${numbered}\n\nQuestion: ${question}` },
        ],
      }),
      signal: AbortSignal.timeout(AI_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`AI endpoint answered ${response.status}`);
    const body = (await response.json()) as {
      choices?: { message?: { content?: unknown } }[];
    };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('AI endpoint answered without a message');
    const text = content.trim();
    return text === '' || text.includes('NO_ANSWER') ? null : text.slice(0, 2000);
  } catch (error) {
    onError(error);
    return null;
  }
}
