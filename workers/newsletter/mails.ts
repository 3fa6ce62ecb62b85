/**
 * The newsletter's mail: a welcome to each new (or returning) subscriber, with the one-click
 * unsubscribe link and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058). The
 * address is looked up when the mail is sent: a subscription erased or ended by then is not
 * mailed.
 */
import {
  preferencesUrl,
  unsubscribeSecret,
  unsubscribeUrl,
  type newsletterCommands,
} from '../../commands/newsletter';
import { subscriptionEventSchemas } from '../../domain/newsletter/events';
import { newsletterQueries, type NewsletterQueries } from '../../projections/newsletter';
import type { CapabilityBackend } from '../bootstrap/capability';
import { mailOn, type CapabilityMails, type MailMessage } from '../bootstrap/mail';
import { priceAlertMailsOnEvents, priceAlertSenders } from './price-alerts';

const WELCOME = 'welcome';

/** The welcome e-mail to a subscriber, with the one-click unsubscribe link in the headers. */
export function welcomeMessage(
  to: string,
  unsubscribeLink: string,
  siteUrl: string,
  preferencesLink: string,
): MailMessage {
  return {
    to,
    subject: 'Welcome to the VialCompare newsletter',
    text: [
      "Successfully Subscribed! You'll receive weekly GLP-1 updates and provider news.",
      '',
      `VialCompare: ${siteUrl}`,
      '',
      'Choose what you receive (medications, your state, price alerts):',
      preferencesLink,
      '',
      'You can unsubscribe at any time, in one click, with this link:',
      unsubscribeLink,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const welcome = ({ subscriptionId }: { subscriptionId: string }) => ({
  kind: WELCOME,
  subscriptionId,
});

/**
 * What the senders read: the configuration and the read store only, so that the capability's
 * command and query types are inferred from its `commands` and `queries` (a `bus` or `queries`
 * here made them this file's narrower ones, hiding the price alert and issue commands).
 */
type NewsletterMailDeps = Pick<
  CapabilityBackend<typeof newsletterCommands, NewsletterQueries>,
  'config' | 'readStore'
>;

export const newsletterMails: CapabilityMails<NewsletterMailDeps> = {
  onEvents: [
    // Only the id is read: an erased VisitorSubscribed (email: null) still names its subscription.
    mailOn(
      'VisitorSubscribed',
      subscriptionEventSchemas.VisitorSubscribed.pick({ subscriptionId: true }),
      welcome,
    ),
    mailOn('SubscriptionReactivated', subscriptionEventSchemas.SubscriptionReactivated, welcome),
    ...priceAlertMailsOnEvents,
  ],
  addressed: [
    {
      kind: WELCOME,
      async message(mail, { config, readStore }) {
        const subscriptionId = mail.subscriptionId ?? '';
        const subscription = await newsletterQueries(readStore).subscription(subscriptionId);
        if (!subscription || !subscription.active) {
          return { skipped: 'the subscription is gone or inactive' };
        }
        // Subscribed through a price alert only: its confirmation mail is the one they get.
        if (!subscription.weeklyIssue) return { skipped: 'the weekly issue is not wanted' };
        const secret = unsubscribeSecret(config);
        return welcomeMessage(
          subscription.email,
          unsubscribeUrl(config.publicUrl, secret, subscriptionId),
          config.publicUrl,
          preferencesUrl(config.publicUrl, secret, subscriptionId),
        );
      },
    },
    ...priceAlertSenders,
  ],
};
