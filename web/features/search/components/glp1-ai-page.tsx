import { Bot } from 'lucide-react';
import type { AskAnswerView } from '../../../../api/search/contracts';
import { GLP1_AI_PAGE, MEDICAL_DISCLAIMER } from '../../../../domain/site-content/pages';
import { SearchForm } from './search-form';

/**
 * /glp1-ai?q=: answers from this site's own pages, each source quoted with its link; says
 * plainly when the site has no answer. Never presents itself as a clinician.
 */
export function Glp1AiPage({ q, answer }: { q: string; answer: AskAnswerView | null }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
        <Bot className="size-8 text-primary" aria-hidden="true" />
        {GLP1_AI_PAGE.heading}
      </h1>
      <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">
        {GLP1_AI_PAGE.intro}. Answers come only from VialCompare’s own pages, with a link to each
        source. This is not a clinician and gives no medical advice.
      </p>
      <SearchForm
        action="/glp1-ai"
        id="glp1-ai-q"
        label="Your question"
        defaultValue={q}
        button="Ask"
      />
      <div className="mt-10 max-w-3xl" aria-live="polite">
        {answer?.status === 'no-answer' ? (
          <p className="rounded-lg border border-border bg-surface p-5">
            This site has no answer to “{answer.question}”. Try other words, or ask a licensed
            clinician.
          </p>
        ) : null}
        {answer?.status === 'answered' ? (
          <section aria-labelledby="answer-heading">
            <h2 id="answer-heading" className="text-xl font-semibold">
              What VialCompare says
            </h2>
            {answer.generated ? (
              <p className="mt-3 whitespace-pre-wrap leading-7">{answer.generated}</p>
            ) : null}
            <h3 className="mt-6 font-semibold">
              {answer.generated ? 'Sources' : 'From these pages'}
            </h3>
            <ol className="mt-3 space-y-4">
              {answer.sources.map((source, i) => (
                <li
                  key={`${source.url}-${i}`}
                  className="rounded-lg border border-border bg-card p-4"
                >
                  <blockquote className="border-l-4 border-primary pl-4 leading-7">
                    {source.text}
                  </blockquote>
                  <p className="mt-2 text-sm">
                    [{i + 1}]{' '}
                    <a href={source.url} className="text-primary underline underline-offset-2">
                      {source.title}
                    </a>
                  </p>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <aside
          aria-label="Medical disclaimer"
          className="mt-10 rounded-lg border border-border bg-surface p-5 text-sm leading-6"
        >
          <h2 className="font-semibold">Medical disclaimer</h2>
          <p className="mt-1">{MEDICAL_DISCLAIMER}</p>
        </aside>
      </div>
    </div>
  );
}
