// /cookie-policy: every cookie and browser storage entry the site uses, and why.
import { InfoPage, LEGAL_UPDATED } from './info/info-page.tsx';
import { TableHead } from '../../components/ui/table-head.tsx';

const rows: [string, string, string][] = [
  ['token', 'Keeps you signed in (your access token).', 'Until the token expires'],
  ['refreshToken', 'Renews your sign-in without asking for your password again.', 'Until the token expires'],
  [
    'trackingLink',
    'Remembers which partner link brought you here, so the partner is credited.',
    'Until the end of the day',
  ],
  [
    'la_visitor',
    'A random number that lets a partner link count your browser as one visitor per day; nothing else is stored with it.',
    '365 days',
  ],
  ['locale', 'Remembers your language.', '365 days'],
  ['sound (local storage)', 'Remembers whether you muted game sounds.', 'Until you clear it'],
  [
    'bonus-shown-on (local storage)',
    'Makes sure the daily bonus offer is shown at most once per day.',
    'Until you clear it',
  ],
];

/** The Cookie policy page. */
export default function CookiePolicyPage() {
  return (
    <InfoPage
      title="Cookie policy"
      updated={LEGAL_UPDATED}
      intro={
        <p>
          Cookies are small files a site stores in your browser. We use only the few that the site needs to work, listed
          below.
        </p>
      }
      sections={[
        {
          heading: 'Cookies and storage we use',
          body: (
            <table className="info-table">
              <TableHead columns={['Name', 'Purpose', 'Lifetime']} />
              <tbody>
                {rows.map(([name, purpose, life]) => (
                  <tr key={name}>
                    <td>
                      <code>{name}</code>
                    </td>
                    <td>{purpose}</td>
                    <td>{life}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ),
        },
        {
          heading: 'Analytics',
          body: (
            <p>
              We load no analytics or advertising script by default. If the operator enables a tag manager, it records
              which pages are visited; that setting is announced here before it takes effect.
            </p>
          ),
        },
        {
          heading: 'Your choices',
          body: (
            <p>
              You can delete or block cookies in your browser settings. Without the sign-in cookies you cannot stay
              signed in; everything else on the site keeps working.
            </p>
          ),
        },
      ]}
    />
  );
}
