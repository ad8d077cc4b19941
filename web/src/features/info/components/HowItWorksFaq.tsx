import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ProtectionPeriod } from '../buyerProtection';

/** Clear of the sticky header when a link jumps to a question. */
const ANCHOR_OFFSET = { scrollMarginTop: { xs: 80, md: 96 } };

const QUESTIONS: Array<{ id: string; question: string; answer: ReactNode }> = [
  {
    id: 'contact',
    question: 'How do I get in touch?',
    answer: (
      <>
        About an item, write to the seller from its page (signed in): the answer arrives in your Messages. About an
        order, open it from{' '}
        <Link component={RouterLink} to="/orders">
          Your Orders
        </Link>{' '}
        (guests: the private link from the success page) and use <strong>Report a Problem</strong>; our support team
        reads both sides and decides.
      </>
    ),
  },
  {
    id: 'customs',
    question: 'What do the customs badges and origin levels mean?',
    answer:
      'Every item was brought into the country by its seller. “Verified” is the seller’s own declaration that it cleared customs: its origin is Self-declared. A seller who attaches the receipt or the customs declaration made on arrival makes it Documented, and once our support team has looked at that document and found it matches, it shows Checked. Sellers also say what an item contains (food, alcohol, coral, ivory and the like); where a public source says such items may not be sold in the seller’s country the listing is refused, and where they may not be posted or need documents, the product page says so with the source. This is guidance, not legal advice.',
  },
  {
    id: 'shipping',
    question: 'Where does my item ship from?',
    answer: (
      <>
        From the seller’s home, within your country: no import duties or customs forms for you. The seller ships within{' '}
        <ProtectionPeriod of="shipWithinDays" /> with a tracking number, and shipping is included in the price.
      </>
    ),
  },
  {
    id: 'guest',
    question: 'Can I buy without an account?',
    answer:
      'Yes. Choose Continue as Guest at checkout and give your email for the receipt. You follow your order with the private link shown after payment.',
  },
  {
    id: 'payment',
    question: 'Is paying by card safe?',
    answer:
      'Card payments are handled by Stripe; neither we nor the seller ever see your card number. Your money is held until the item reaches you as described.',
  },
  {
    id: 'selling',
    question: 'How do I sell, and when am I paid?',
    answer: (
      <>
        Sign in and press List Item: add photos, a description and a price. When it sells, ship it within{' '}
        <ProtectionPeriod of="shipWithinDays" />. You are paid, less the platform fee, once the buyer confirms or{' '}
        <ProtectionPeriod of="claimWindowDays" /> after delivery, to the payout account you set up under Payouts.
      </>
    ),
  },
];

/** The questions people ask before they buy or sell; the footer's Help, Contact and Customs links point here. */
export function HowItWorksFaq() {
  return (
    <Box component="section" id="faq" aria-labelledby="faq-heading" sx={ANCHOR_OFFSET}>
      <Typography variant="overline" sx={{ color: 'primary.main' }}>
        Help
      </Typography>
      <Typography id="faq-heading" variant="h2" sx={{ mb: 4 }}>
        Questions and answers
      </Typography>
      <Stack spacing={3} sx={{ maxWidth: 820 }}>
        {QUESTIONS.map((item) => (
          <Box key={item.id} id={item.id} sx={ANCHOR_OFFSET}>
            <Typography variant="h6" component="h3">
              {item.question}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mt: 0.75, lineHeight: 1.7 }}>{item.answer}</Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
