// Plain text with its web links made clickable: only http(s) addresses become links (never javascript: or
// data:), they open in a new tab without handing it this page (noopener) and carry no ranking (nofollow ugc).
// Everything else stays text, so a message can never inject markup.
import { Fragment } from 'react';

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/gi;
// A sentence's full stop or closing bracket after a link is not part of it.
const TRAILING = /[.,;:!?)\]}]+$/;

/** Splits text into plain parts and safe http(s) links. */
export function splitLinks(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    const start = match.index;
    let href: string | undefined;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') href = parsed.href;
    } catch {
      href = undefined;
    }
    if (!href) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((p, i) =>
        p.href ? (
          <a
            key={i}
            href={p.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="break-all text-accent-300 underline hover:text-accent-400"
          >
            {p.text}
          </a>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
