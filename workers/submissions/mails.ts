/** Each provider submission, forwarded to the site's address (CONTACT_EMAIL) for review. */
import { submissionEventSchemas } from '../../domain/submissions/events';
import { headerLine, looksLikeEmail, mailLine, mailOn } from '../bootstrap/mail';

export const submissionMails = {
  onEvents: [
    mailOn(
      'ProviderSubmitted',
      submissionEventSchemas.ProviderSubmitted.omit({ submissionId: true, userAgent: true }),
      (s, { adminUrl }) => {
        const replyTo = [s.submitterEmail, s.contactEmail].find(looksLikeEmail);
        return {
          kind: 'forward',
          subject: headerLine(`New provider submission: ${s.providerName}`),
          text: [
            'A provider was submitted through the Add Your Provider form.',
            '',
            mailLine('Provider', s.providerName),
            mailLine('Website', s.website),
            mailLine('Contact e-mail', s.contactEmail),
            mailLine('Phone', s.phoneNumber),
            mailLine('Medications', s.medications.join(', ')),
            mailLine('States', s.states),
            mailLine('Pricing', s.pricing),
            mailLine('Submitted by', [s.submitterName, s.submitterRole].filter(Boolean).join(', ')),
            mailLine('Submitter e-mail', s.submitterEmail),
            mailLine('Received', s.timestamp),
            '',
            'Description:',
            s.description.trim() || '(not given)',
            '',
            'Additional information:',
            s.additionalInfo.trim() || '(not given)',
            '',
            `Review it in the back office: ${adminUrl}/admin/submissions`,
          ].join('\n'),
          ...(replyTo ? { replyTo } : {}),
        };
      },
    ),
  ],
};
