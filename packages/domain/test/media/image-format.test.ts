import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { containsMarkup, photoKeys, photoWidths, sniffImageFormat } from '../../src/index.js';
import { examplePhoto } from '../../src/testing/index.js';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

describe('what the bytes say an upload is', () => {
  it('recognises JPEG, PNG, WebP and AVIF by their magic numbers', () => {
    assert.equal(sniffImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0], 'rest')), 'jpeg');
    assert.equal(sniffImageFormat(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')), 'png');
    assert.equal(sniffImageFormat(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')), 'webp');
    assert.equal(sniffImageFormat(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0])), 'avif');
  });

  it('recognises nothing else: SVG, HTML, GIF, HEIC, a RIFF that is not WebP, too few bytes', () => {
    for (const other of [
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('<!doctype html><html></html>'),
      bytes('GIF89a'),
      bytes([0, 0, 0, 0x18], 'ftypheic'),
      bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '),
      bytes([0xff, 0xd8]),
      bytes(),
    ]) {
      assert.equal(sniffImageFormat(other), null);
    }
  });

  it('finds markup or script anywhere in the bytes, whatever its case', () => {
    assert.equal(containsMarkup(bytes([0xff, 0xd8, 0xff], 'pixels', [0xff, 0xd9], '<SCRIPT>alert(1)</script>')), true);
    assert.equal(containsMarkup(bytes([0x89], 'PNG', '...<Html><body>')), true);
    assert.equal(containsMarkup(bytes('<?xml version="1.0"?>')), true);
    assert.equal(containsMarkup(bytes([0xff, 0xd8, 0xff], 'a < b, <s and javascrip')), false);
  });
});

describe('the widths a photo is rendered at', () => {
  it('are 320, 800, 1600 below the original, and the original capped at 3000, never upscaled', () => {
    assert.deepEqual(photoWidths(4000), [320, 800, 1600, 3000]);
    assert.deepEqual(photoWidths(2000), [320, 800, 1600, 2000]);
    assert.deepEqual(photoWidths(800), [320, 800]);
    assert.deepEqual(photoWidths(500), [320, 500]);
    assert.deepEqual(photoWidths(100), [100]);
  });

  it('name their storage keys through their urls', () => {
    const keys = photoKeys(examplePhoto('a'));
    assert.equal(keys.length, 4);
    for (const key of keys) assert.match(key, /^media\/[0-9a-f]{64}\.(?:webp|jpg)$/);
    assert.deepEqual(photoKeys(null), []);
  });
});
