/**
 * An issue's MIME template, read back by a real mail parser: what each subscriber's copy says
 * is exactly the issue's text and HTML with their own links, whatever the text holds.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { issueMimeTemplate, recipientFits } from '../../../workers/newsletter/issue-mime';

const SLOTS = { unsubscribe: '\u0001unsubscribe\u0001', preferences: '\u0001preferences\u0001' };
const fill = (text: string, unsubscribe: string, preferences: string) =>
  text.replaceAll(SLOTS.unsubscribe, unsubscribe).replaceAll(SLOTS.preferences, preferences);

const long = 'Semaglutide 2.5 mg from $299 to $249 a month (checked Nov 20, 2026). '.repeat(6);

const cases: Array<{ name: string; subject: string; text: string; html: string; from?: string }> = [
  {
    name: 'plain ASCII with both links',
    subject: 'This week in GLP-1 prices',
    text: `Hello\nUnsubscribe: ${SLOTS.unsubscribe}\nPreferences: ${SLOTS.preferences}\n`,
    html: `<p>Hello</p><a href="${SLOTS.unsubscribe}">Unsubscribe</a> <a href="${SLOTS.preferences}">Preferences</a>`,
  },
  {
    name: 'non-ASCII subject, sender name and body (encoded words, =XX bytes)',
    subject:
      'Prices — ü and 💊 this week, a subject long enough to be folded over two lines or more',
    from: 'VialCompare Nachrichten ü <news@vialcompare.example>',
    text: `Zepbound® — $499 → $449\n${SLOTS.unsubscribe}`,
    html: `<p>Zepbound® — $499 → $449</p><a href="${SLOTS.unsubscribe}">Abmelden</a>`,
  },
  {
    name: 'lines longer than 76 characters, a link in the middle of one',
    subject: 'Long lines',
    text: `${long}${SLOTS.unsubscribe}${long}\n${SLOTS.preferences}`,
    html: `<p>${long}<a href="${SLOTS.unsubscribe}">x</a>${long}</p>${SLOTS.preferences}`,
  },
  {
    name: 'lines starting with a dot, trailing spaces, "=" signs, tabs, CRLF and LF mixed',
    subject: 'Edge = cases',
    text: `.hidden line\r\n..two dots\nspace at end   \n\ttab\na=b ${SLOTS.unsubscribe}   \n.`,
    html: `<p>.</p>\n.<b>x</b>   \n<a href="${SLOTS.unsubscribe}?a=1&amp;b=2">u</a>=`,
  },
  {
    name: 'a piece whose last line is full when a link follows it',
    subject: 'Full lines',
    text: `${'x'.repeat(151)}${SLOTS.unsubscribe}${'y'.repeat(76)}`,
    html: `${'z'.repeat(76)}${SLOTS.preferences}`,
  },
  {
    name: 'a slot at the very start and end, the same slot twice',
    subject: 'Slots',
    text: `${SLOTS.unsubscribe}middle${SLOTS.unsubscribe}`,
    html: `${SLOTS.preferences}${SLOTS.unsubscribe}${SLOTS.preferences}`,
  },
];

describe('the issue MIME template', () => {
  it.each(cases)(
    '$name: a parser reads the same subject, sender, text, HTML and headers',
    async (c) => {
      const from = c.from ?? 'news@vialcompare.example';
      const template = issueMimeTemplate(
        { from, subject: c.subject, text: c.text, html: c.html },
        SLOTS,
        'vialcompare.example',
      );
      const unsubscribe =
        'https://vialcompare.example/unsubscribe/sub_123.AbC-dEf_ghIJ0123456789abcdefghijklmnopqrstuvw';
      const preferences = 'https://vialcompare.example/preferences/sub_123.ZyX-987_654';
      const raw = template.message(
        {
          to: 'reader-7@example.com',
          unsubscribeUrl: unsubscribe,
          links: { unsubscribe, preferences },
        },
        new Date('2026-11-26T09:30:00Z'),
      );

      // Every line within RFC 5322's 998 and, in the bodies, quoted-printable's 76.
      const [head = '', ...body] = raw.split('\r\n\r\n');
      for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
      for (const line of body.join('\r\n\r\n').split('\r\n'))
        expect(line.length).toBeLessThanOrEqual(76);
      expect(raw).not.toMatch(/[^\r]\n/); // CRLF only
      expect(head).toMatch(/^Date: Thu, 26 Nov 2026 09:30:00 \+0000$/m);

      // What nodemailer composes from the same message, read by the same parser.
      const composed = await new MailComposer({
        from,
        to: 'reader-7@example.com',
        subject: c.subject,
        text: fill(c.text, unsubscribe, preferences),
        html: fill(c.html, unsubscribe, preferences),
      })
        .compile()
        .build();
      const expected = await PostalMime.parse(composed);
      const parsed = await PostalMime.parse(raw);
      expect(parsed.subject).toBe(c.subject);
      expect(parsed.from).toEqual(expected.from);
      expect(parsed.to?.[0]?.address).toBe('reader-7@example.com');
      expect(parsed.text).toBe(expected.text);
      expect(parsed.html).toBe(expected.html);
      expect(parsed.text).toContain(unsubscribe);
      const header = (name: string) =>
        parsed.headers.find((h) => h.key === name.toLowerCase())?.value;
      expect(header('List-Unsubscribe')).toBe(`<${unsubscribe}>`);
      expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@vialcompare\.example>$/);
    },
  );

  it('gives each copy its own message id', () => {
    const template = issueMimeTemplate(
      { from: 'news@vialcompare.example', subject: 's', text: 't', html: 'h' },
      SLOTS,
      'vialcompare.example',
    );
    const id = (raw: string) => /^Message-ID: (.*)$/m.exec(raw)?.[1];
    const copy = () =>
      template.message({ to: 'a@example.com', unsubscribeUrl: 'https://x.example/u', links: {} });
    expect(id(copy())).not.toBe(id(copy()));
  });

  it.each([
    ['reader@example.com', true],
    ['first.last+tag@mail.example.co', true],
    ["o'brien@example.com", true],
    ['"quoted local"@example.com', false],
    ['jörg@example.com', false],
    ['reader@exämple.com', false],
    ['two@at@example.com', false],
    ['line\r\nBcc: x@example.com', false],
    [`${'a'.repeat(250)}@example.com`, false],
  ])('%s goes into the template as it is: %s', (address, fits) => {
    expect(recipientFits(address)).toBe(fits);
  });

  it('refuses an address it cannot write rather than writing a broken header', () => {
    const template = issueMimeTemplate(
      { from: 'news@vialcompare.example', subject: 's', text: 't', html: 'h' },
      SLOTS,
      'vialcompare.example',
    );
    expect(() =>
      template.message({
        to: 'x@example.com\r\nBcc: y@example.com',
        unsubscribeUrl: 'u',
        links: {},
      }),
    ).toThrow(/nodemailer/);
  });
});
