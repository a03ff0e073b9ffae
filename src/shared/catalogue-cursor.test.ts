// Load More's cursor (decision 196) names a position the server wrote; prices are whole paise (decision 210).
import { describe, expect, it } from 'vitest';
import { decodeSharksCursor, encodeSharksCursor } from './catalogue';

const ID = '00000000-0000-4000-8000-000000000000';

describe('a catalogue cursor', () => {
  it('reads back a price position in whole paise', () => {
    const cursor = encodeSharksCursor(['price_high', 150_000, 'Asha', ID]);
    expect(decodeSharksCursor(cursor)).toEqual(['price_high', 150_000, 'Asha', ID]);
    expect(decodeSharksCursor(encodeSharksCursor(['price_low', null, 'Asha', ID]))).toEqual([
      'price_low',
      null,
      'Asha',
      ID,
    ]);
  });

  it('is no position when a price is a fraction or negative (the server never writes one)', () => {
    expect(decodeSharksCursor(encodeSharksCursor(['price_high', -0.5, '', ID]))).toBeNull();
    expect(decodeSharksCursor(encodeSharksCursor(['price_low', 1500.5, 'Asha', ID]))).toBeNull();
    expect(decodeSharksCursor(encodeSharksCursor(['price_low', -100, 'Asha', ID]))).toBeNull();
  });

  it('keeps a rating position a decimal', () => {
    expect(decodeSharksCursor(encodeSharksCursor(['rating', 4.75, 'Asha', ID]))).toEqual([
      'rating',
      4.75,
      'Asha',
      ID,
    ]);
  });
});
