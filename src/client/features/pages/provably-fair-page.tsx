// /provably-fair: the general scheme (server seed hash, client seed, nonce) and how to verify.
import { Link } from 'react-router';
import { InfoPage } from './info/info-page.tsx';

/** The Provably fair page. */
export default function ProvablyFairPage() {
  return (
    <InfoPage
      title="Provably fair"
      intro={
        <p>
          Every result on Loot Arcade is fixed before you play by three values that neither side controls alone. After
          the fact you can recompute it yourself with any HMAC-SHA256 tool; you do not have to trust us.
        </p>
      }
      sections={[
        {
          heading: 'The three inputs',
          body: (
            <ul>
              <li>
                <strong>Server seed</strong> — 64 random hexadecimal characters we generate. Before you play we show
                only its SHA-256 hash, so we cannot change it later without the hash no longer matching.
              </li>
              <li>
                <strong>Client seed</strong> — a text you choose (we suggest a random one). Because you can change it at
                any time, we cannot know it in advance.
              </li>
              <li>
                <strong>Nonce</strong> — a counter that starts at 0 for each seed pair and goes up by 1 with every bet,
                so each bet gets different numbers.
              </li>
            </ul>
          ),
        },
        {
          heading: 'From seeds to a number',
          body: (
            <>
              <p>
                We compute <code>HMAC-SHA256(key = server seed, message = "clientSeed:nonce:round")</code>, where round
                starts at 0. The 32 bytes of the result are read four at a time; four bytes b0…b3 make one number
                between 0 and 1:
              </p>
              <pre tabIndex={0}>float = b0/256 + b1/256² + b2/256³ + b3/256⁴</pre>
              <p>A game that needs more than eight numbers continues with round 1, 2, and so on.</p>
            </>
          ),
        },
        {
          heading: 'From a number to a result',
          body: (
            <ul>
              <li>
                Box opening: ticket = floor(float × 100,000) + 1; the item whose ticket range contains it is yours.
              </li>
              <li>Dice: roll = floor(float × 10,001) / 100, a value from 0.00 to 100.00.</li>
              <li>
                Bounce: one number per row of pegs; below 0.5 the ball goes left, otherwise right. The bucket is the
                number of right turns.
              </li>
              <li>Crazy Wheel: segment = floor(float × number of segments).</li>
              <li>Upgrade: roll = float × 100; you win when the roll is below your chosen chance.</li>
              <li>
                Rocket rounds are shared by all players, so they use a published chain of hashes instead of your seed
                pair; the <Link to="/rocket/provably-fair">Rocket page</Link> explains it, and its outage rule: a round
                left without its server for more than 5 seconds is voided and every open bet refunded.
              </li>
            </ul>
          ),
        },
        {
          heading: 'How to verify a bet',
          body: (
            <ol>
              <li>Note the server seed hash shown in your fairness settings before you play.</li>
              <li>Play. Each bet in your history shows its client seed and nonce.</li>
              <li>Rotate your seed pair. The old server seed is now revealed; a new hash is shown for the next one.</li>
              <li>Check that SHA-256 of the revealed server seed equals the hash you noted.</li>
              <li>
                Recompute the result from the server seed, client seed and nonce with the formulas above, or with the
                verifier on each game's provably fair page.
              </li>
            </ol>
          ),
        },
        {
          heading: 'Game pages',
          body: (
            <p>
              Each game explains its own mapping in detail: <Link to="/dice/provably-fair">Dice</Link>,{' '}
              <Link to="/bounce/provably-fair">Bounce</Link>, <Link to="/wheel/provably-fair">Crazy Wheel</Link> and{' '}
              <Link to="/rocket/provably-fair">Rocket</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
