// Time zones as people read them: one canonical IANA name per place (Asia/Kolkata, never the legacy
// Asia/Calcutta some browsers still report), one label per zone in a sentence ("India Standard Time"), and the
// list of places a shark picks a zone from. Pure Intl: shared by the web and the mails (issue 25).

/**
 * Legacy IANA links that browsers and ICU still hand out, mapped to their current names. Two spellings of one
 * place would otherwise read as two zones ("your time" and "the shark's time" both India) or be stored twice.
 */
const LEGACY_ZONES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
  GMT: 'UTC',
};

/** "Asia/Calcutta" -> "Asia/Kolkata"; any other name as given. */
export const canonicalZone = (timeZone: string): string => LEGACY_ZONES[timeZone] ?? timeZone;

/** Whether two zone names are one place (after their legacy names are mapped). */
export const sameZone = (a: string, b: string): boolean => canonicalZone(a) === canonicalZone(b);

const formats = new Map<string, Intl.DateTimeFormat>();
function zonePart(timeZone: string, style: 'long' | 'shortOffset', at: Date): string | undefined {
  const key = `${timeZone} ${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: style });
    formats.set(key, format);
  }
  return format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
}

/** "Asia/Kolkata" -> "Kolkata", "America/Argentina/Buenos_Aires" -> "Buenos Aires". */
export const zoneCity = (timeZone: string): string =>
  (canonicalZone(timeZone).split('/').at(-1) ?? timeZone).replaceAll('_', ' ');

/** The zone's offset from UTC at an instant: "GMT+5:30", "GMT" for UTC itself. */
export const zoneOffset = (timeZone: string, at: Date = new Date()): string =>
  zonePart(timeZone, 'shortOffset', at) ?? 'GMT';

/**
 * One label per zone, as a sentence uses it: "India Standard Time", "Central European Summer Time". A zone
 * without a name of its own reads as its city and offset: "Istanbul time (GMT+3)".
 */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  const zone = canonicalZone(timeZone);
  if (zone === 'UTC') return 'Coordinated Universal Time';
  const name = zonePart(zone, 'long', at);
  if (!name || name.startsWith('GMT')) return `${zoneCity(zone)} time (${zoneOffset(zone, at)})`;
  return name;
}

export interface ZoneChoice {
  /** The canonical IANA name stored. */
  value: string;
  /** "Kolkata" */
  city: string;
  /** "Asia" */
  region: string;
  /** "GMT+5:30" */
  offset: string;
  /** "Kolkata (Asia) · India Standard Time · GMT+5:30": what the list shows and searches. */
  label: string;
}

/** Minutes east of UTC of a "GMT+5:30" offset. */
const offsetMinutes = (offset: string): number => {
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(offset);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
};

/** Every place the runtime knows, by offset then city, each once under its canonical name. */
export function zoneChoices(at: Date = new Date()): ZoneChoice[] {
  const names =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : ['Asia/Kolkata', 'UTC'];
  const seen = new Set<string>();
  const choices: Array<ZoneChoice & { minutes: number }> = [];
  for (const name of [...names, 'UTC']) {
    const value = canonicalZone(name);
    if (seen.has(value)) continue;
    seen.add(value);
    const offset = zoneOffset(value, at);
    const city = value === 'UTC' ? 'UTC' : zoneCity(value);
    const region = value === 'UTC' ? 'Universal' : value.split('/')[0];
    choices.push({
      value,
      city,
      region,
      offset,
      label: `${city} (${region}) · ${zoneLabel(value, at)} · ${offset}`,
      minutes: offsetMinutes(offset),
    });
  }
  choices.sort((a, b) => a.minutes - b.minutes || a.city.localeCompare(b.city));
  return choices.map(({ minutes: _minutes, ...c }) => c);
}
