import { escapeHtml, mailBody } from './mail-body';

describe('mailBody', () => {
  it('escapes what a person wrote in the HTML body and keeps it as written in the text body', () => {
    const body = mailBody({
      firstName: 'Zoë <b>"O\'Hara"</b> & co',
      text: 'A review of <script>alert(1)</script>',
      url: 'https://souvenir.example/orders/1?a=1&b="2"',
    });
    expect(body.html).toContain('Hello Zoë &lt;b&gt;&quot;O&#39;Hara&quot;&lt;/b&gt; &amp; co,');
    expect(body.html).toContain('A review of &lt;script&gt;alert(1)&lt;/script&gt;.');
    expect(body.html).toContain('<a href="https://souvenir.example/orders/1?a=1&amp;b=&quot;2&quot;">');
    expect(body.html).not.toMatch(/<script|<b>/);
    expect(body.text).toContain('Hello Zoë <b>"O\'Hara"</b> & co,');
    expect(body.text).toContain('https://souvenir.example/orders/1?a=1&b="2"');
  });

  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
