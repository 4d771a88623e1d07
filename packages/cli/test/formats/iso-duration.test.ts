import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isoDurationMinutes, minutesToIsoDuration } from '@larder/domain';

describe('ISO 8601 durations', () => {
  const minutes = (text: string) => isoDurationMinutes(text)._unsafeUnwrap();

  it('reads the forms recipe sites publish', () => {
    assert.equal(minutes('PT1H30M'), 90);
    assert.equal(minutes('P0DT0H45M'), 45);
    assert.equal(minutes('PT90M'), 90);
    assert.equal(minutes('PT1.5H'), 90);
    assert.equal(minutes('PT0,5H'), 30);
    assert.equal(minutes('P1D'), 1440);
    assert.equal(minutes('P1W'), 10080);
    assert.equal(minutes('PT20M30S'), 21);
    assert.equal(minutes('PT0S'), 0);
    assert.equal(minutes('pt15m'), 15);
    assert.equal(minutes(' PT10M '), 10);
    assert.equal(minutes('P0Y0M0DT2H'), 120);
  });

  it('refuses what is not a duration, or has no fixed length', () => {
    for (const text of ['', 'P', 'PT', 'P1DT', '30 minutes', 'PT-5M', '1H30M', 'PT1H30', 'PTM']) {
      assert.ok(isoDurationMinutes(text).isErr(), text);
    }
    assert.match(isoDurationMinutes('P1M')._unsafeUnwrapErr(), /years or months/);
  });

  it('writes the shortest form, which reads back to the same minutes', () => {
    assert.equal(minutesToIsoDuration(0), 'PT0M');
    assert.equal(minutesToIsoDuration(45), 'PT45M');
    assert.equal(minutesToIsoDuration(120), 'PT2H');
    assert.equal(minutesToIsoDuration(135), 'PT2H15M');
    for (const value of [0, 1, 59, 60, 61, 1440, 99999]) assert.equal(minutes(minutesToIsoDuration(value)), value);
  });
});
