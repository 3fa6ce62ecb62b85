/**
 * An issue's message as MIME text, written once per issue and filled in per subscriber.
 *
 * Composing 200,000 copies of the same message through nodemailer cost ~4 ms of CPU each (MIME
 * tree, encodings chosen again, random boundaries, one socket write per line). Everything but
 * the recipient, the date, the message id and the two signed links is the same for every
 * subscriber, so it is encoded once: the headers by nodemailer's own MIME node (address and
 * encoded-word rules), the two parts as quoted-printable segments between the links. Each
 * subscriber's message is the template's pieces joined with their own links, each link
 * encoded alone and set off by soft line breaks ('=' CRLF, which a reader removes), so the
 * decoded text is exactly the template's text with the links in place.
 *
 * Addresses that need more than plain ASCII (quoted local parts, international domains) are
 * not handled here: `recipientFits` says so and the sender composes those with nodemailer.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import MimeNode from 'nodemailer/lib/mime-node';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';

export interface IssueMimeParts {
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface IssueMimeRecipient {
  to: string;
  /** Filled into `slots` (by name) wherever the template has them. */
  links: Record<string, string>;
  /** The List-Unsubscribe address (RFC 8058 one-click). */
  unsubscribeUrl: string;
}

export interface IssueMimeTemplate {
  /** The whole message for one recipient, CRLF line ends, ready for SMTP DATA. */
  message(recipient: IssueMimeRecipient, now?: Date): string;
}

const CRLF = '\r\n';
const SOFT_BREAK = `=${CRLF}`;
/** Plain addresses written as they are (RFC 5322 dot-atom local part, ASCII host). */
const PLAIN_ADDRESS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9.-]+$/;

/** Whether `to` can go into the template's To header as it is. */
export const recipientFits = (to: string): boolean => to.length <= 254 && PLAIN_ADDRESS.test(to);

const lines = (text: string) => text.replace(/\r?\n/g, CRLF);
// 75, not 76: a piece's last line may still get the '=' of a soft break after it.
const qp = (text: string) => qpWrap(qpEncode(text), 75);

/** A body cut at its slots: encoded pieces and, between them, the slot names. */
interface EncodedBody {
  pieces: string[];
  slots: string[];
}

function encodeBody(body: string, slots: Record<string, string>): EncodedBody {
  const marks = Object.entries(slots);
  const pieces: string[] = [];
  const names: string[] = [];
  let rest = lines(body);
  for (;;) {
    let first: { at: number; name: string; mark: string } | null = null;
    for (const [name, mark] of marks) {
      const at = rest.indexOf(mark);
      if (at !== -1 && (first === null || at < first.at)) first = { at, name, mark };
    }
    if (first === null) break;
    pieces.push(qp(rest.slice(0, first.at)));
    names.push(first.name);
    rest = rest.slice(first.at + first.mark.length);
  }
  pieces.push(qp(rest));
  return { pieces, slots: names };
}

function fillBody(body: EncodedBody, links: Record<string, string>): string {
  let out = body.pieces[0] ?? '';
  for (let i = 0; i < body.slots.length; i++) {
    const link = links[body.slots[i]!] ?? '';
    // Each piece ends its line with a soft break, so the next starts a fresh 76-column line.
    if (out !== '' && !out.endsWith(CRLF)) out += SOFT_BREAK;
    out += qp(link);
    const next = body.pieces[i + 1] ?? '';
    if (next !== '') out += SOFT_BREAK + next;
  }
  return out;
}

/**
 * The headers every copy shares (From, Subject, MIME-Version, Content-Type), folded, and the
 * multipart boundary the Content-Type names.
 */
function sharedHeaders(from: string, subject: string): { head: string; boundary: string } {
  const node = new MimeNode('multipart/alternative', {
    baseBoundary: randomBytes(12).toString('hex'),
  });
  node.setHeader('From', from);
  node.setHeader('Subject', subject);
  // buildHeaders adds a Date and a Message-ID: each copy writes its own.
  const head = node
    .buildHeaders()
    .split(/\r\n(?![ \t])/)
    .filter((line) => !/^(date|message-id):/i.test(line))
    .join(CRLF);
  if (typeof node.boundary !== 'string') throw new Error('The issue has no multipart boundary');
  return { head, boundary: node.boundary };
}

/**
 * The template of one issue. `slots` name the placeholders the text and HTML carry for each
 * subscriber's own links (they must not occur in the subject).
 */
export function issueMimeTemplate(
  parts: IssueMimeParts,
  slots: Record<string, string>,
  messageIdHost: string,
): IssueMimeTemplate {
  const { head, boundary } = sharedHeaders(parts.from, parts.subject);
  const text = encodeBody(parts.text, slots);
  const html = encodeBody(parts.html, slots);
  const part = (type: string) =>
    `--${boundary}${CRLF}Content-Type: ${type}; charset=utf-8${CRLF}` +
    `Content-Transfer-Encoding: quoted-printable${CRLF}${CRLF}`;
  const textHead = part('text/plain');
  const htmlHead = part('text/html');
  const end = `${CRLF}--${boundary}--${CRLF}`;
  return {
    message(recipient, now = new Date()) {
      if (!recipientFits(recipient.to)) {
        throw new Error('This address needs nodemailer to be written (see recipientFits).');
      }
      return (
        `To: ${recipient.to}${CRLF}` +
        `${head}${CRLF}` +
        `Date: ${now.toUTCString().replace(/GMT$/, '+0000')}${CRLF}` +
        `Message-ID: <${randomUUID()}@${messageIdHost}>${CRLF}` +
        `List-Unsubscribe: <${recipient.unsubscribeUrl}>${CRLF}` +
        `List-Unsubscribe-Post: List-Unsubscribe=One-Click${CRLF}${CRLF}` +
        textHead +
        fillBody(text, recipient.links) +
        CRLF +
        htmlHead +
        fillBody(html, recipient.links) +
        end
      );
    },
  };
}
