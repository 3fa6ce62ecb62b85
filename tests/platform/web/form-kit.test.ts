import { describe, expect, it } from 'vitest';
import { FormApi } from '@tanstack/form-core';
import { z } from 'zod';
import { errorSummary, problems, schemaFieldErrors } from '../../../web/components/form/form-kit';

describe('the form kit', () => {
  it('a schema names each problem by its path, the first message per path', () => {
    const schema = z.object({
      name: z.string().min(1, 'Name is required').max(3, 'Name is too long'),
      card: z.object({ logoUrl: z.url('Logo URL must be a URL') }),
    });
    expect(schemaFieldErrors(schema, { name: '', card: { logoUrl: 'x' } })).toEqual({
      name: 'Name is required',
      'card.logoUrl': 'Logo URL must be a URL',
    });
    expect(schemaFieldErrors(schema, { name: 'ab', card: { logoUrl: 'https://a.b' } })).toEqual({});
    expect(
      schemaFieldErrors(z.record(z.string(), z.number('Must be a number')), { a: 'x' }, 'prices'),
    ).toEqual({
      'prices.a': 'Must be a number',
    });
  });

  it('the summary says each distinct problem once, the chosen sentence first', () => {
    expect(
      errorSummary({ a: 'Score is too high', b: 'Fill in all', c: 'Fill in all' }, 'Fill in all'),
    ).toBe('Fill in all. Score is too high.');
    expect(errorSummary({})).toBe('');
  });

  it('nothing wrong is no error; a server message with no field still gives a summary', () => {
    expect(problems({})).toBeUndefined();
    expect(problems({}, { fallback: 'Server down.' })?.summary).toBe('Server down.');
    expect(problems({ a: 'Bad' }, { extra: ['Also this.'] })?.summary).toBe('Bad. Also this.');
  });

  it('TanStack Form keeps the problems on the form until a submit finds none, then submits', async () => {
    const form = new FormApi({
      defaultValues: { name: '', score: '7' },
      validators: {
        onSubmit: ({ value }) =>
          problems({
            ...(value.name === '' ? { name: 'Name is required' } : {}),
            ...(value.score === '7' ? { score: 'Score must be between 0 and 5' } : {}),
          }),
      },
    });
    form.mount();
    await form.handleSubmit();
    expect(form.state.errorMap.onSubmit).toEqual({
      summary: 'Name is required. Score must be between 0 and 5.',
      byField: { name: 'Name is required', score: 'Score must be between 0 and 5' },
    });
    form.setFieldValue('name', 'Hims');
    form.setFieldValue('score', '4');
    await form.handleSubmit();
    expect(form.state.errorMap.onSubmit).toBeUndefined();
    expect(form.state.isSubmitSuccessful).toBe(true);
  });
});
