import type { ShieldFinding } from '@souvenir/contracts';
import { isAbaRoutingNumber, shieldMessage } from './contact-shield';

/**
 * The shield's detection, message by message: what the recipient reads, and what was found. `null` is a message left
 * as written (no finding). Phone numbers in several countries' own formats; false positives that must stay readable.
 */
const CASES: [message: string, masked: string | null, findings?: ShieldFinding[]][] = [
  // E-mail addresses (linkifyjs), and disguised ones.
  ['Write to anna.b@gmail.com please', 'Write to [email hidden] please', ['email']],
  ['my mail: ANNA_B+shop@Example.co.uk', 'my mail: [email hidden]', ['email']],
  ['anna at gmail dot com', '[email hidden]', ['email']],
  ['anna(at)gmail(dot)com is me', '[email hidden] is me', ['email']],
  ['kenji [at] yahoo [dot] co [dot] jp', '[email hidden]', ['email']],
  // Phone numbers with their country (+ or 00).
  ['Call +44 7911 123456 tonight', 'Call [phone number hidden] tonight', ['phone']],
  ['WhatsApp me +1 (415) 555-2671', 'WhatsApp me [phone number hidden]', ['phone']],
  ['+33 6 12 34 56 78', '[phone number hidden]', ['phone']],
  // Unassigned by the metadata (the UK's range for fiction), yet written as a phone number.
  ['Call me on +44 7700 900123', 'Call me on [phone number hidden]', ['phone']],
  ['0049 30 12345678 ist meine Nummer', '[phone number hidden] ist meine Nummer', ['phone']],
  ['+81 90-1234-5678 (LINE too)', '[phone number hidden] (LINE too)', ['phone']],
  ['+91 98765 43210', '[phone number hidden]', ['phone']],
  ['+55 11 91234-5678', '[phone number hidden]', ['phone']],
  ['+34 612 34 56 78', '[phone number hidden]', ['phone']],
  // National formats: UK, US, FR, DE, JP, IN, BR, ES, IT, AU.
  ['text me on 07911 123456', 'text me on [phone number hidden]', ['phone']],
  ['ring 020 7946 0018 after 6', 'ring [phone number hidden] after 6', ['phone']],
  ['my cell is (415) 555-2671', 'my cell is [phone number hidden]', ['phone']],
  ['call 212-555-0143 or email', 'call [phone number hidden] or email', ['phone']],
  ['appelle-moi au 06 12 34 56 78', 'appelle-moi au [phone number hidden]', ['phone']],
  ['Festnetz 030 12345678', 'Festnetz [phone number hidden]', ['phone']],
  ['Handy 0151 23456789', 'Handy [phone number hidden]', ['phone']],
  ['電話 090-1234-5678 まで', '電話 [phone number hidden] まで', ['phone']],
  ['call 98765 43210 anytime', 'call [phone number hidden] anytime', ['phone']],
  ['meu zap (11) 91234-5678', 'meu zap [phone number hidden]', ['phone']],
  ['llámame al 612 345 678', 'llámame al [phone number hidden]', ['phone']],
  ['chiamami 347 123 4567', 'chiamami [phone number hidden]', ['phone']],
  ['mob 0412 345 678', 'mob [phone number hidden]', ['phone']],
  // Bank details.
  ['IBAN DE89 3704 0044 0532 0130 00 thanks', 'IBAN [bank details hidden] thanks', ['bank-details']],
  ['GB33BUKB20201555555555', '[bank details hidden]', ['bank-details']],
  ['FR1420041010050500013M02606 merci', '[bank details hidden] merci', ['bank-details']],
  [
    'sort code 20-00-00 account 31926819',
    'sort code [bank details hidden] account [bank details hidden]',
    ['bank-details'],
  ],
  [
    '60-16-13 31926819 is my Nationwide',
    '[bank details hidden] [bank details hidden] is my Nationwide',
    ['bank-details'],
  ],
  ['routing 021000021 acct 123456789012', 'routing [bank details hidden] acct [bank details hidden]', ['bank-details']],
  ['account number: 00123456789', 'account number: [bank details hidden]', ['bank-details']],
  ['send it to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'send it to [bank details hidden]', ['bank-details']],
  // Payment and messenger links (hosts parsed from the URL).
  ['pay at paypal.me/annab', 'pay at [payment link hidden]', ['payment-link', 'payment-request']],
  ['https://revolut.me/kenji42 is quicker', '[payment link hidden] is quicker', ['payment-link', 'payment-request']],
  ['https://wise.com/pay/me/annab', '[payment link hidden]', ['payment-link']],
  ['venmo.com/u/anna-b', '[payment link hidden]', ['payment-link', 'payment-request']],
  ['cash.app/$annab', '[payment link hidden]', ['payment-link']],
  ['https://buy.stripe.com/test_abc123', '[payment link hidden]', ['payment-link']],
  ['chat on wa.me/447911123456', 'chat on [contact link hidden]', ['contact-link']],
  ['t.me/anna_souvenirs', '[contact link hidden]', ['contact-link']],
  // Requests to pay outside the site.
  ['Can you pay by bank transfer instead?', 'Can you pay by [off-site payment hidden] instead?', ['payment-request']],
  ['Western Union is fine for me', '[off-site payment hidden] is fine for me', ['payment-request']],
  ['I accept Amazon gift cards', 'I accept [off-site payment hidden]', ['payment-request']],
  ['Pay in Bitcoin and I ship today', 'Pay in [off-site payment hidden] and I ship today', ['payment-request']],
  ['send via PayPal friends and family', 'send via [off-site payment hidden]', ['payment-request']],
  ['let us pay directly, no fees', 'let us [off-site payment hidden], no fees', ['payment-request']],
  ['Zelle me and it is yours', '[off-site payment hidden] me and it is yours', ['payment-request']],
  ['virement bancaire possible', '[off-site payment hidden] possible', ['payment-request']],
  ['Per Überweisung bitte', 'Per [off-site payment hidden] bitte', ['payment-request']],
  // False positives: prices, dates, postcodes, order numbers, years, sizes, ordinary links.
  ['Would you take €25.50 for it?', null],
  ['Price is $1,250.00 firm', null],
  ['£1 250 000 is too much', null],
  ['I can pay ¥12,800 today', null],
  ['It was made in 1998', null],
  ['Bought it on 12/05/2024 in Kyoto', null],
  ['Shipped 2024-05-12, arrives 2024-05-19', null],
  ['Meet on 12-05-24 at 10:30?', null],
  ['My postcode is SW1A 1AA', null],
  ['Ship to 75008 Paris', null],
  ['10115 Berlin, Germany', null],
  ['〒100-0001 Tokyo', null],
  ['PIN 560001 Bengaluru', null],
  ['CEP 01310-100 São Paulo', null],
  ['ZIP 94107-1234', null],
  ['Order 20240512093 is delayed', null],
  ['Tracking number 1Z999AA10123456784', null],
  ['Order #1234567890 arrived', null],
  ['ISBN 978-3-16-148410-0', null],
  ['It measures 30 x 40 x 15 cm and weighs 1.25 kg', null],
  ['Item 4 of 12, lot 2023-117', null],
  ['See the photos at https://www.instagram.com/p/abc123/', null],
  ['The museum site is https://www.kyoto-museum.jp/en', null],
  ['Is it still available? Thanks!', null],
  ['I will pay with Buy now tonight', null],
  ['The card game is complete, 52 cards', null],
  ['Version 2.0.1 of the manual', null],
  ['Between 9:00 and 17:30, 5 days a week', null],
];

describe('the contact-details shield', () => {
  it('has at least fifty cases, true and false positives', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(50);
    expect(CASES.filter(([, masked]) => masked === null).length).toBeGreaterThanOrEqual(20);
  });

  // Every row has its three values: a test function with more parameters than its row is given a done callback.
  it.each(CASES.map(([message, masked, findings = []]) => [message, masked, findings] as const))(
    '%s',
    (message, masked, findings) => {
      const result = shieldMessage(message);
      if (masked === null) expect(result).toBeNull();
      else expect(result).toEqual({ masked, findings: [...findings].sort() });
    },
  );

  it('checks an ABA routing number by its checksum', () => {
    expect(isAbaRoutingNumber('021000021')).toBe(true);
    expect(isAbaRoutingNumber('021000022')).toBe(false);
  });

  it('stays quick on a long message', () => {
    const long = 'Hello, is it still available? €25.50 on 12/05/2024. '.repeat(38);
    const started = performance.now();
    expect(shieldMessage(long)).toBeNull();
    expect(performance.now() - started).toBeLessThan(200);
  });
});
