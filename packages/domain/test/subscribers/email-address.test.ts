import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEmailAddress } from '../../src/subscribers/email-address.js';

describe('the e-mail addresses a lead magnet form takes', () => {
  it('takes ordinary addresses, trimmed, the domain in lower-case ASCII and the key all lower case', () => {
    assert.deepEqual(parseEmailAddress('  Ann.Lee+soups@Example.ORG '), { address: 'Ann.Lee+soups@example.org', key: 'ann.lee+soups@example.org' });
    assert.deepEqual(parseEmailAddress("o'brien@mail.co.uk"), { address: "o'brien@mail.co.uk", key: "o'brien@mail.co.uk" });
    assert.deepEqual(parseEmailAddress('chef@bücher.de'), { address: 'chef@xn--bcher-kva.de', key: 'chef@xn--bcher-kva.de' });
  });

  it('refuses what is not an address a server takes, and anything that could add a header', () => {
    for (const bad of [
      '',
      'plain',
      '@example.org',
      'ann@',
      'ann@localhost',
      'ann@example',
      'ann@@example.org',
      'ann lee@example.org',
      '"ann"@example.org',
      'ann..lee@example.org',
      '.ann@example.org',
      'ann@[127.0.0.1]',
      'ann@127.0.0.1',
      'ann@example.org:25',
      'ann@-example.org',
      'ann@example.org\r\nBcc: victim@example.com',
      'ann@example.org\nBcc: victim@example.com',
      'ann@example.org, bob@example.org',
      'ann<script>@example.org',
      `${'a'.repeat(65)}@example.org`,
      `ann@${'a'.repeat(250)}.org`,
      'ännä@example.org',
    ]) {
      assert.equal(parseEmailAddress(bad), null, JSON.stringify(bad));
    }
  });
});
