import { describe, expect, it } from 'vitest';
import { canonicalZone, sameZone, zoneChoices, zoneLabel } from './time-zones';

describe('time zones', () => {
  it('maps legacy names to the current ones, and reads two spellings of India as one zone', () => {
    expect(canonicalZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(sameZone('Asia/Calcutta', 'Asia/Kolkata')).toBe(true);
    expect(sameZone('Asia/Kolkata', 'Asia/Dubai')).toBe(false);
  });

  it('gives a zone one label, and a nameless one its city and offset', () => {
    const at = new Date('2026-11-26T00:00:00Z');
    expect(zoneLabel('Asia/Calcutta', at)).toBe('India Standard Time');
    expect(zoneLabel('Europe/Berlin', at)).toBe('Central European Standard Time');
    expect(zoneLabel('Asia/Dubai', at)).toBe('Gulf Standard Time');
    expect(zoneLabel('America/Bogota', at)).toMatch(/^Colombia Standard Time$|^Bogota time \(GMT-5\)$/);
  });

  it('lists each place once under its current name, by offset, with a city, a name and the offset', () => {
    const at = new Date('2026-11-26T00:00:00Z');
    const choices = zoneChoices(at);
    const values = choices.map((c) => c.value);
    expect(values).toContain('Asia/Kolkata');
    expect(values).not.toContain('Asia/Calcutta');
    expect(new Set(values).size).toBe(values.length);
    expect(choices.find((c) => c.value === 'Asia/Kolkata')?.label).toBe(
      'Kolkata (Asia) · India Standard Time · GMT+5:30',
    );
    const kolkata = values.indexOf('Asia/Kolkata');
    expect(kolkata).toBeGreaterThan(values.indexOf('Asia/Dubai'));
    expect(kolkata).toBeLessThan(values.indexOf('Asia/Tokyo'));
  });
});
