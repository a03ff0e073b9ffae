// Fetching an address a user typed (a shark's calendar feed) without letting it reach our own network (SSRF,
// decision 151). Every hop is checked: the scheme, then every address the host resolves to, and the connection
// goes to the very address that was checked (undici's connector calls our lookup, so no second DNS answer can
// slip in: no rebinding gap). Redirects are followed here, by hand, each one checked the same way.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request, type Dispatcher } from 'undici';

export interface OutboundPolicy {
  /** Tests only: http:// and loopback addresses are let through (never in production; config.ts refuses it). */
  allowLoopback: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export type OutboundErrorKind = 'refused' | 'timeout' | 'too-large' | 'http' | 'network';

/** A fetch that did not give a body: its message names no secret part of the address (never its path). */
export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * Why an address may not be reached, or null when it is a public unicast address. ipaddr.js names every special
 * range (loopback, private 10/8 172.16/12 192.168/16, link-local and the 169.254.169.254 metadata address,
 * carrier-grade NAT, 0/8, multicast, unique local fc00::/7 with fd00:ec2::254, NAT64, 6to4...): only
 * 'unicast' is the open internet. IPv4-mapped IPv6 (::ffff:10.0.0.1) is refused outright.
 */
export function blockedReason(address: string, policy: Pick<OutboundPolicy, 'allowLoopback'>): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const ip = ipaddr.parse(address);
  const range = ip.range();
  if (policy.allowLoopback && range === 'loopback') return null;
  return range === 'unicast' ? null : range;
}

const refused = (host: string, why: string) =>
  new OutboundError('refused', `${host} is not a public internet address (${why})`);

/** The lookup undici's connector uses: every answer checked, and only checked answers handed back. */
function guardedLookup(policy: OutboundPolicy) {
  return (
    hostname: string,
    options: { family?: number | string },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true, family: Number(options.family) || 0 }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const a of addresses) {
        const why = blockedReason(a.address, policy);
        if (why) return callback(refused(hostname, why), []);
      }
      if (!addresses.length) return callback(new OutboundError('network', `${hostname} has no address`), []);
      // Node's net asks for all answers when it races families (autoSelectFamily); else for one.
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Checks one URL before it is asked: scheme and, for an IP literal (which undici does not look up), its range. */
function checkUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('refused', 'not a web address');
  }
  const secure = url.protocol === 'https:';
  if (!secure && !(policy.allowLoopback && url.protocol === 'http:'))
    throw new OutboundError(
      'refused',
      `${url.protocol.replace(':', '')} addresses are not fetched, only https`,
    );
  if (url.username || url.password)
    throw new OutboundError('refused', 'addresses with a password are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const why = blockedReason(host, policy);
    if (why) throw refused(host, why);
  }
  return url;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

/**
 * GET `address` with the guard on every hop. A 304 comes back with an empty body; any other status but 2xx is
 * an OutboundError ('http'), as is a body over `maxBytes` ('too-large') or no answer within `timeoutMs`
 * ('timeout', for the whole exchange, redirects included).
 */
export async function guardedGet(
  address: string,
  policy: OutboundPolicy,
  headers: Record<string, string> = {},
): Promise<OutboundResponse> {
  const lookup = guardedLookup(policy);
  const agent: Dispatcher = new Agent({
    connect: { lookup: lookup as never, timeout: policy.timeoutMs },
    headersTimeout: policy.timeoutMs,
    bodyTimeout: policy.timeoutMs,
  });
  const signal = AbortSignal.timeout(policy.timeoutMs);
  try {
    let current = address;
    for (let hop = 0; ; hop++) {
      const url = checkUrl(current, policy);
      const res = await request(url, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headers: {
          'user-agent': 'SharkSecurity-CalendarSync/1.0',
          accept: 'text/calendar, */*;q=0.5',
          ...headers,
        },
      }).catch((err: unknown) => {
        throw asOutboundError(err, url.hostname);
      });
      const header = (name: string) => {
        const v = res.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304) {
        await res.body.dump();
        const location = header('location');
        if (!location) throw new OutboundError('http', `answered ${res.statusCode} without a Location`);
        if (hop >= policy.maxRedirects) throw new OutboundError('http', 'too many redirects');
        current = new URL(location, url).toString();
        continue;
      }
      const out = {
        status: res.statusCode,
        headers: { etag: header('etag'), 'last-modified': header('last-modified') },
      };
      if (res.statusCode === 304) {
        await res.body.dump();
        return { ...out, body: '' };
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump();
        throw new OutboundError('http', `answered HTTP ${res.statusCode}`, res.statusCode);
      }
      const declared = Number(header('content-length'));
      if (declared > policy.maxBytes) {
        res.body.destroy();
        throw tooLarge(policy);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > policy.maxBytes) {
            res.body.destroy();
            throw tooLarge(policy);
          }
          chunks.push(chunk);
        }
      } catch (err) {
        throw asOutboundError(err, url.hostname);
      }
      return { ...out, body: Buffer.concat(chunks).toString('utf8') };
    }
  } finally {
    void agent.close().catch(() => {});
  }
}

const tooLarge = (policy: OutboundPolicy) =>
  new OutboundError(
    'too-large',
    policy.maxBytes >= 1_048_576
      ? `larger than ${Math.round(policy.maxBytes / 1_048_576)} MB`
      : `larger than ${Math.round(policy.maxBytes / 1024)} KB`,
  );

function asOutboundError(err: unknown, host: string): OutboundError {
  if (err instanceof OutboundError) return err;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof OutboundError) return cause;
  const name = (err as { name?: string; code?: string }).name ?? '';
  const code = (err as { code?: string }).code ?? '';
  if (name === 'TimeoutError' || name === 'AbortError' || /TIMEOUT/.test(code))
    return new OutboundError('timeout', 'did not answer in time');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new OutboundError('network', `${host} was not found`);
  return new OutboundError('network', `could not connect to ${host}`);
}
