import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { ProtectionPeriod } from '../buyerProtection';
import { InfoArticle, InfoSection, Paragraph } from '../components/InfoArticle';

/** The marketplace's rules, as the product actually enforces them (buyer protection deadlines as payments runs them). */
export default function TermsPage() {
  return (
    <InfoArticle
      title="Terms of Service"
      summary="The rules of Souvenir Swap for everyone who buys or sells here, in plain words."
      updated="24 November 2026"
    >
      <InfoSection id="terms-what" title="What Souvenir Swap is">
        <Paragraph>
          Souvenir Swap is a marketplace: people who have travelled sell souvenirs they brought home, and buyers in the
          same country buy them. We are not the seller of any item. Each listing is written by its seller, who is
          responsible for it.
        </Paragraph>
      </InfoSection>
      <InfoSection id="terms-account" title="Your account">
        <Paragraph>
          You may browse and buy as a guest. To sell, message a seller or keep favourites you need an account with a
          real name and an email address you can read. Keep your password to yourself; you are responsible for what is
          done with your account.
        </Paragraph>
      </InfoSection>
      <InfoSection id="terms-selling" title="Selling">
        <ul>
          <li>
            <Paragraph>
              List only items you own, have with you, and may legally sell and ship within the country.
            </Paragraph>
          </li>
          <li>
            <Paragraph>
              Describe them honestly, with your own photos. The &quot;Verified&quot; customs badge is your own
              declaration that the item cleared customs: only tick it when that is true.
            </Paragraph>
          </li>
          <li>
            <Paragraph>
              Ship within <ProtectionPeriod of="shipWithinDays" /> of the sale, with a carrier and tracking number, or
              the order is cancelled and the buyer refunded.
            </Paragraph>
          </li>
          <li>
            <Paragraph>
              You are paid once the order completes, less the platform fee shown beside each payout on your Payouts
              page. Payouts are made by Stripe to the account you connect.
            </Paragraph>
          </li>
          <li>
            <Paragraph>We remove listings that break these rules, and may close accounts that keep doing so.</Paragraph>
          </li>
        </ul>
      </InfoSection>
      <InfoSection id="terms-buying" title="Buying">
        <Paragraph>
          The price on the item is what you pay: shipping is included and there is no processing fee. Payment is by
          card, handled by Stripe. Every order has{' '}
          <Link component={RouterLink} to="/how-it-works#buyer-protection">
            buyer protection
          </Link>
          : the seller is paid only after you confirm the item arrived as described, or after the{' '}
          <ProtectionPeriod of="claimWindowDays" /> you have to report a problem have passed. A claim holds the payment;
          if you and the seller cannot settle it within <ProtectionPeriod of="claimResponseHours" />, our support team
          decides, with a written reason.
        </Paragraph>
      </InfoSection>
      <InfoSection id="terms-conduct" title="Messages and conduct">
        <Paragraph>
          Messages are for questions about items and orders. Be courteous, do not send spam, and keep payments on
          Souvenir Swap: buyer protection only covers orders paid here.
        </Paragraph>
      </InfoSection>
      <InfoSection id="terms-privacy" title="Your data">
        <Paragraph>
          What we keep and why is in the{' '}
          <Link component={RouterLink} to="/privacy">
            Privacy Policy
          </Link>
          .
        </Paragraph>
      </InfoSection>
    </InfoArticle>
  );
}
