/** The e-mails as the reader gets them from a creator: sender name, masthead, why, postal address, unsubscribe. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leadMagnetMail, mailCreator, subscriptionLinks } from '../../src/index.js';
import { profileFixture } from '../../src/testing/index.js';

const links = subscriptionLinks('https://larder.example.com');
const creator = mailCreator(profileFixture({ display_name: 'Maple & Thyme <Kitchen>' }), links);
const tokens = { confirm: 'c-secret', download: 'd-secret', unsubscribe: 'u-secret' };

describe('a creator’s e-mails', () => {
  for (const kind of ['confirmation', 'download'] as const) {
    it(`${kind}: from the creator's name, saying why the reader gets it, with the postal address and the unsubscribe link`, () => {
      const mail = leadMagnetMail({ kind, to: 'reader@example.org', title: 'Soups — Free Sample', slug: 'soups-0a1b2c3d', links, tokens, creator });
      assert.equal(mail.fromName, 'Maple & Thyme <Kitchen>');
      assert.match(mail.text, /You get this e-mail because .*“Soups — Free Sample” from Maple & Thyme <Kitchen> at https:\/\/larder\.example\.com\/l\/soups-0a1b2c3d/);
      assert.match(mail.text, /Maple & Thyme Ltd\n12 Orchard Lane\nBristol BS1 4DJ/);
      assert.match(mail.text, /Unsubscribe \(one click\): https:\/\/larder\.example\.com\/public\/unsubscribe\/u-secret/);
      assert.match(mail.html, /Maple &amp; Thyme Ltd<br>12 Orchard Lane<br>Bristol BS1 4DJ/);
      assert.match(mail.html, /Maple &amp; Thyme &lt;Kitchen&gt;/, 'the name, escaped, at the head');
      assert.ok(!mail.html.includes('<Kitchen>'));
      assert.match(mail.html, /background: #2f6b4f; color: #ffffff/, 'the brand colour, white on it');
      assert.match(mail.html, /href="https:\/\/larder\.example\.com\/public\/unsubscribe\/u-secret"/);
      assert.match(mail.html, /<img src="https:\/\/larder\.example\.com\/media\/[0-9a-f]{64}\.jpg"/, 'the logo, absolute');
      assert.deepEqual(mail.headers, { 'List-Unsubscribe': '<https://larder.example.com/public/unsubscribe/u-secret>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      assert.doesNotMatch(`${mail.subject}\n${mail.text}\n${mail.html}`, /lead magnet/i);
    });
  }

  it('without a creator: no sender name, no address, the same links', () => {
    const mail = leadMagnetMail({ kind: 'confirmation', to: 'reader@example.org', title: 'Soups', links, tokens });
    assert.equal(mail.fromName, undefined);
    assert.match(mail.text, /https:\/\/larder\.example\.com\/public\/confirm\/c-secret/);
    assert.match(mail.text, /Unsubscribe \(one click\)/);
  });

  it('a name with a line break stays one line in the sender', () => {
    const mail = leadMagnetMail({ kind: 'download', to: 'r@example.org', title: 'Soups', links, tokens, creator: { ...creator, name: 'Maple\r\nBcc: x@example.com' } });
    assert.equal(mail.fromName, 'Maple Bcc: x@example.com');
  });
});
