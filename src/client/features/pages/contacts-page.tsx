// /contacts: how to reach the team.
import { Link } from 'react-router';
import { InfoPage, SUPPORT_EMAIL } from './info/info-page.tsx';

/** The Contacts page. */
export default function ContactsPage() {
  return (
    <InfoPage
      title="Contacts"
      intro={<p>We answer every message, usually within a few hours and always within one business day.</p>}
      sections={[
        {
          heading: 'Player support',
          body: (
            <p>
              The fastest way is a ticket from <Link to="/profile/support">Support</Link> in your profile: it already
              carries your account, so we can help without asking for details. You can also write to{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
            </p>
          ),
        },
        {
          heading: 'Partnerships and affiliates',
          body: (
            <p>
              Streamers, creators and sites who want to work with us: see <Link to="/partnership">Partnership</Link> or
              write to <a href="mailto:partners@lootarcade.example">partners@lootarcade.example</a>.
            </p>
          ),
        },
        {
          heading: 'Privacy and data requests',
          body: (
            <p>
              To see, correct or delete your personal data, write to{' '}
              <a href="mailto:privacy@lootarcade.example">privacy@lootarcade.example</a>. Our{' '}
              <Link to="/privacy-statement">privacy statement</Link> explains what we keep and why.
            </p>
          ),
        },
        {
          heading: 'Before you write',
          body: (
            <p>
              Please include your nickname and, for a question about a result, the bet or opening from your history.
              Never send us your password: we will never ask for it.
            </p>
          ),
        },
      ]}
    />
  );
}
