import { MAIL_TEMPLATES } from './registry';
import { assertHeaderSafe, renderMail, siteLink } from './render';
import { orderMessage } from './kinds/order-message';
import { orderUpdate } from './kinds/order-update';
import { receipt } from './kinds/receipt';
import { reviewReminder } from './kinds/review-reminder';

const SITE = 'https://souvenir.example';
const order = {
  orderId: '0f5e2c1a-0000-4000-8000-000000000001',
  productTitle: 'Kokeshi <doll> & "box"',
  amountCents: 1250,
  currency: 'usd',
  sellerName: 'Yuki',
  link: '/orders/tok_en-1',
};

describe('mail templates', () => {
  it('registers every kind under its own name', () => {
    for (const [key, template] of Object.entries(MAIL_TEMPLATES)) expect(template.kind).toBe(key);
  });

  it('writes a text and an HTML part, links absolute on the site, user text escaped in HTML only', async () => {
    const mail = await renderMail(receipt, { order }, { email: 'g@example.com', firstName: 'Zoë <b>' }, SITE);
    expect(mail.subject).toBe('Your Souvenir Swap receipt: Kokeshi <doll> & "box"');
    expect(mail.text).toContain('Hello Zoë <b>,');
    expect(mail.text).toContain('Item: Kokeshi <doll> & "box"');
    expect(mail.text).toContain('Total: $12.50');
    expect(mail.text).toContain(`View your order: ${SITE}/orders/tok_en-1`);
    expect(mail.html).toContain('Hello Zoë &lt;b&gt;,');
    expect(mail.html).toContain('Kokeshi &lt;doll&gt; &amp; &quot;box&quot;');
    expect(mail.html).toContain(`href="${SITE}/orders/tok_en-1"`);
    expect(mail.html).not.toMatch(/<doll>|<b>,/);
    // Transactional: no unsubscribe.
    expect(mail.unsubscribeUrl).toBeUndefined();
    expect(mail.text).not.toMatch(/unsubscribe/i);
  });

  it("names a bundle by its first item and a count, and lists every item in the order's facts", async () => {
    const bundle = { ...order, productTitle: 'Tile A', itemTitles: ['Tile A', 'Tile B', 'Tile C'] };
    const mail = await renderMail(receipt, { order: bundle }, { email: 'g@example.com', firstName: 'Gia' }, SITE);
    expect(mail.subject).toBe('Your Souvenir Swap receipt: Tile A and 2 more items');
    expect(mail.text).toContain('Item 1: Tile A');
    expect(mail.text).toContain('Item 2: Tile B');
    expect(mail.text).toContain('Item 3: Tile C');
    const two = await renderMail(
      orderMessage,
      { order: { ...bundle, itemTitles: ['Tile A', 'Tile B'] }, author: 'Yuki', text: 'Shipped both' },
      { email: 'g@example.com', firstName: 'Gia' },
      SITE,
    );
    expect(two.subject).toBe('New message about your order: Tile A and 1 more item');
    // One item (or an answer of before bundles): as before.
    const single = await renderMail(
      receipt,
      { order: { ...order, itemTitles: [order.productTitle] } },
      { email: 'g@example.com', firstName: 'Gia' },
      SITE,
    );
    expect(single.subject).toBe('Your Souvenir Swap receipt: Kokeshi <doll> & "box"');
    expect(single.text).toContain('Item: Kokeshi');
  });

  it("links a shipped order's tracking number to a known carrier's page, and leaves an unknown carrier's as text", async () => {
    const to = { email: 'b@example.com', firstName: 'Ben' };
    const dhl = await renderMail(
      orderUpdate,
      { order, update: 'shipped', carrier: 'DHL', trackingNumber: 'JD 0146 <1>' },
      to,
      SITE,
    );
    const url = 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD0146%3C1%3E';
    expect(dhl.text).toContain('Carrier: DHL, tracking number JD 0146 <1>');
    expect(dhl.text).toContain(`Track it: ${url}`);
    expect(dhl.html).toContain(
      `<a href="${url.replace('&', '&amp;')}" target="_blank" rel="noopener noreferrer">JD 0146 &lt;1&gt;</a>`,
    );
    const courier = await renderMail(
      orderUpdate,
      { order, update: 'shipped', carrier: 'Village courier', trackingNumber: 'VC-9' },
      to,
      SITE,
    );
    expect(courier.text).toContain('Carrier: Village courier, tracking number VC-9');
    expect(courier.text).not.toContain('Track it');
    expect(courier.html).not.toMatch(/<a [^>]*>VC-9/);
  });

  it('gives non-transactional kinds an unsubscribe link in both parts', async () => {
    const mail = await renderMail(
      reviewReminder,
      { orderId: order.orderId, dueBy: '2026-12-09T12:00:00.000Z' },
      { email: 'r@example.com', firstName: null },
      SITE,
    );
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain('Leave a review for your order before 9 December.');
    expect(mail.unsubscribeUrl).toBe(`${SITE}/settings/notifications`);
    expect(mail.text).toContain(`Unsubscribe or choose which e-mails you get: ${SITE}/settings/notifications`);
    expect(mail.html).toContain(`href="${SITE}/settings/notifications"`);
  });

  it('quotes a message as written in the text part and escaped in the HTML part', async () => {
    const mail = await renderMail(
      orderMessage,
      { order, author: 'Yuki', text: '<script>alert(1)</script>\nsecond line' },
      { email: 'g@example.com', firstName: 'Gia' },
      SITE,
    );
    expect(mail.text).toContain('> <script>alert(1)</script>\n> second line');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br />second line');
    expect(mail.html).not.toContain('<script>');
  });

  it('refuses a subject with a line break (header injection)', async () => {
    expect(() => assertHeaderSafe('Hi\r\nBcc: x@evil.example', 'subject')).toThrow('line break');
    await expect(
      renderMail(
        receipt,
        { order: { ...order, productTitle: 'Doll\nBcc: x@evil.example' } },
        { email: 'a@b.c', firstName: 'A' },
        SITE,
      ),
    ).rejects.toThrow('line break');
  });

  it('keeps links on the site', () => {
    expect(siteLink('/orders/1', SITE)).toBe(`${SITE}/orders/1`);
    expect(() => siteLink('https://evil.example/x', SITE)).toThrow('leaves the site');
    expect(() => siteLink('//evil.example/x', SITE)).toThrow('leaves the site');
  });
});
