import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { InfoArticle, InfoSection, Paragraph } from '../components/InfoArticle';

/** What the marketplace actually does with data, as built (gateway sessions, services' stores, Stripe). */
export default function PrivacyPage() {
  return (
    <InfoArticle
      title="Privacy Policy"
      summary="What Souvenir Swap stores about you, why, and for how long. No advertising, no tracking."
      updated="24 November 2026"
    >
      <InfoSection id="privacy-account" title="Your account">
        <Paragraph>
          When you join we store your username, name, email address, optional location and a hash of your password
          (never the password itself). Other members see your name, username, location and the date you joined; your
          email address is shown only to you.
        </Paragraph>
      </InfoSection>
      <InfoSection id="privacy-cookies" title="Cookies and sign-in">
        <Paragraph>We set two cookies, and only when you sign in:</Paragraph>
        <ul>
          <li>
            <Paragraph>
              <strong>souvenir.sid</strong> keeps you signed in. Your session lives on our server (in Redis) and ends
              after 7 days without a visit, 30 days after sign-in at the latest, or when you sign out.
            </Paragraph>
          </li>
          <li>
            <Paragraph>
              <strong>souvenir.signed-in</strong> holds only &quot;1&quot;, so the app knows whether to ask who you are.
              It ends with the session.
            </Paragraph>
          </li>
        </ul>
        <Paragraph>
          A checkout in progress is remembered in your browser tab (session storage) until the tab closes. Failed
          sign-in attempts are counted per account and network address for 24 hours, to slow down password guessing.
        </Paragraph>
      </InfoSection>
      <InfoSection id="privacy-listings" title="Listings, favourites and messages">
        <Paragraph>
          Your listings are public. Your favourites are visible only to you. Messages you send are stored so that both
          people in the conversation can read them, and they are shown to nobody else.
        </Paragraph>
      </InfoSection>
      <InfoSection id="privacy-payments" title="Payments and orders">
        <Paragraph>
          Card payments are made with Stripe: your card number goes to Stripe, not to us, and Stripe&apos;s own privacy
          policy applies to it. For each order we keep the billing and delivery addresses, your name and email (for
          guests), and the order&apos;s history. The seller sees your name and delivery address so they can ship the
          item. Sellers who are paid out give their payout details to Stripe, not to us.
        </Paragraph>
      </InfoSection>
      <InfoSection id="privacy-tracking" title="No tracking">
        <Paragraph>
          There are no analytics, advertising or social media scripts on Souvenir Swap, and we do not sell or share your
          data with anyone beyond Stripe for payments. Our server logs record which page or request was served, its
          result and how long it took, not who asked.
        </Paragraph>
      </InfoSection>
      <InfoSection id="privacy-rights" title="Your choices">
        <Paragraph>
          You can change your name and location on your profile at any time, and remove your listings. For anything else
          about your data, see{' '}
          <Link component={RouterLink} to="/how-it-works#faq">
            Help
          </Link>
          .
        </Paragraph>
      </InfoSection>
    </InfoArticle>
  );
}
