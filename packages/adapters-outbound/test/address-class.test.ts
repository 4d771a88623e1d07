import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyAddress, formatAddress, parseAddress, parseIPv4, parseIPv6 } from '../src/index.js';

const classOf = (text: string): string => {
  const bytes = parseAddress(text);
  assert.notEqual(bytes, null, `${text} parses`);
  return classifyAddress(bytes ?? []).kind;
};

describe('IPv4 in every form inet_aton accepts', () => {
  const loopback = ['127.0.0.1', '2130706433', '0x7f000001', '0x7f.1', '0177.0.0.1', '0177.1', '127.1', '127.0.1', '017700000001', '0x7F.0.0.1', '127.0.0.1.'];
  for (const form of loopback) {
    it(`reads ${form} as 127.0.0.1`, () => assert.deepEqual(parseIPv4(form), [127, 0, 0, 1]));
  }

  it('reads the other shapes exactly', () => {
    assert.deepEqual(parseIPv4('0'), [0, 0, 0, 0]);
    assert.deepEqual(parseIPv4('3232235777'), [192, 168, 1, 1]);
    assert.deepEqual(parseIPv4('169.254.43518'), [169, 254, 169, 254]);
    assert.deepEqual(parseIPv4('0xa9fea9fe'), [169, 254, 169, 254]);
    assert.deepEqual(parseIPv4('8.8.8.8'), [8, 8, 8, 8]);
  });

  it('refuses what is not an address: out of range, bad digits, too many parts, names', () => {
    for (const text of ['256.0.0.1', '1.2.3.4.5', '4294967296', '08.0.0.1', '0x', '1..2', 'example.com', '', '1.2.3.256', '1.2.65536', '0xg1']) {
      assert.equal(parseIPv4(text), null, text);
    }
  });
});

describe('IPv6 and the IPv4 forms inside it', () => {
  it('reads compressed, full, bracketed, zoned and dotted-quad forms', () => {
    assert.deepEqual(parseIPv6('::1'), [...new Array<number>(15).fill(0), 1]);
    assert.deepEqual(parseIPv6('[::ffff:127.0.0.1]'), [...new Array<number>(10).fill(0), 0xff, 0xff, 127, 0, 0, 1]);
    assert.deepEqual(parseIPv6('::ffff:7f00:1'), parseIPv6('::ffff:127.0.0.1'));
    assert.equal(formatAddress(parseIPv6('fe80::1%eth0') ?? []), 'fe80:0:0:0:0:0:0:1');
    assert.equal(parseIPv6('2001:db8::1::2'), null);
    assert.equal(parseIPv6('12345::'), null);
  });
});

describe('address classes', () => {
  const privateAddresses = [
    '127.0.0.1', '127.255.255.254', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.255.255',
    '169.254.169.254', '169.254.0.1', '100.64.0.1', '100.127.255.255', '100.100.100.200', '0.0.0.0', '0.1.2.3', '224.0.0.1',
    '239.255.255.250', '255.255.255.255', '240.0.0.1', '192.0.2.1', '198.51.100.7', '203.0.113.9', '198.18.0.1', '192.0.0.8',
    '::1', '::', '[::ffff:127.0.0.1]', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::ffff:7f00:1', '::127.0.0.1', '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe', '64:ff9b:1::1', '2002:7f00:1::', '2002:c0a8:101::1', 'fe80::1', 'febf::1', 'fc00::1', 'fd00:ec2::254',
    'ff02::1', 'ff05::1:3', '2001:db8::1', '2001::1', 'fec0::1', '::ffff:0:127.0.0.1', '100::1', '2001:2::1',
    '2130706433', '0x7f.1', '0177.0.0.1', '3232235777', '0xa9fea9fe',
  ];
  for (const address of privateAddresses) {
    it(`refuses ${address}`, () => assert.equal(classOf(address), 'private'));
  }

  const publicAddresses = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '169.253.0.1',
    '192.169.0.1', '223.255.255.255', '11.0.0.1', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1'];
  for (const address of publicAddresses) {
    it(`allows ${address}`, () => assert.equal(classOf(address), 'public'));
  }

  it('says why, naming the range', () => {
    const bytes = parseAddress('::ffff:169.254.169.254') ?? [];
    const found = classifyAddress(bytes);
    assert.equal(found.kind === 'private' ? found.why : '', 'the cloud metadata service (169.254.169.254), as IPv4-mapped IPv6');
  });
});
