/**
 * A calculator field rendered from the URL (no JavaScript): a number stays a number input; a
 * value that is no number ('?dose=abc') is shown as typed in a text input, which is valid
 * HTML (a number input's value must be a number) and keeps the visitor's input next to its
 * message.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NumberField } from '../../../web/features/calculator/number-field';

const field = (value: string) =>
  renderToString(
    <NumberField
      id="dose"
      name="dose"
      label="Dose"
      value={value}
      onChange={() => undefined}
      min={0}
      max={50}
    />,
  );

describe('NumberField', () => {
  it.each(['', '0.25', '-1', '2.5e1', '.5'])('%j stays a number input with its range', (value) => {
    const html = field(value);
    expect(html).toContain('type="number"');
    expect(html).toContain('min="0"');
  });

  it.each(['abc', '1.', '1,5', '2 mg'])('%j is shown as typed in a text input', (value) => {
    const html = field(value);
    expect(html).toContain('type="text"');
    expect(html).not.toContain('min=');
    expect(html).toContain(`value="${value}"`);
  });
});
