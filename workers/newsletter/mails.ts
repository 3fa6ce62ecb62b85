/**
 * The newsletter's mail: a welcome to each new (or returning) subscriber, with the one-click
 * unsubscribe link and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058). The
 * address is looked up when the mail is sent: a subscription erased or ended by then is not
 * mailed.
 */
import {
  unsubscribeSecret,
  unsubscribeUrl,
  type newsletterCommands,
} from '../../commands/newsletter';
import { subscriptionEventSchemas } from '../../domain/newsletter/events';
import type { NewsletterQueries } from '../../projections/newsletter';
import type { CapabilityBackend } from '../bootstrap/capability';
import { mailOn, type CapabilityMails, type MailMessage } from '../bootstrap/mail';

const WELCOME = 'welcome';

/** The welcome e-mail to a subscriber, with the one-click unsubscribe link in the headers. */
export function welcomeMessage(to: string, unsubscribeLink: string, siteUrl: string): MailMessage {
  return {
    to,
    subject: 'Welcome to the VialCompare newsletter',
    text: [
      "Successfully Subscribed! You'll receive weekly GLP-1 updates and provider news.",
      '',
      `VialCompare: ${siteUrl}`,
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

export const newsletterMails: CapabilityMails<
  CapabilityBackend<typeof newsletterCommands, NewsletterQueries>
> = {
  onEvents: [
    // Only the id is read: an erased VisitorSubscribed (email: null) still names its subscription.
    mailOn(
      'VisitorSubscribed',
      subscriptionEventSchemas.VisitorSubscribed.pick({ subscriptionId: true }),
      welcome,
    ),
    mailOn('SubscriptionReactivated', subscriptionEventSchemas.SubscriptionReactivated, welcome),
  ],
  addressed: [
    {
      kind: WELCOME,
      async message(mail, { config, queries }) {
        const subscriptionId = mail.subscriptionId ?? '';
        const subscription = await queries.subscription(subscriptionId);
        if (!subscription || !subscription.active) {
          return { skipped: 'the subscription is gone or inactive' };
        }
        const link = unsubscribeUrl(config.publicUrl, unsubscribeSecret(config), subscriptionId);
        return welcomeMessage(subscription.email, link, config.publicUrl);
      },
    },
  ],
};
