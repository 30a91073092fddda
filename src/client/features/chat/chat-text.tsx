// A chat message's text, rendered as text: markup shows as the characters it is (React escapes),
// nothing is parsed. Only links to this site's own pages become links; any other address stays text.
import { Link } from 'react-router';

const URL_RE = /https?:\/\/[^\s<>"']+/g;

/** A piece of a message: text, or an internal path to link. */
export type ChatPart = { text: string } | { text: string; path: string };

/** Splits `text` into plain parts and links to `origin` (the site's own pages). */
export function chatParts(text: string, origin: string): ChatPart[] {
  const parts: ChatPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    let url: URL | null = null;
    try {
      url = new URL(match[0]);
    } catch {
      url = null;
    }
    if (!url || url.origin !== origin) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], path: `${url.pathname}${url.search}${url.hash}` });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The text of one message. */
export function ChatText({ text }: { text: string }) {
  return (
    <span className="chat-text" data-testid="chat-text">
      {chatParts(text, globalThis.location?.origin ?? '').map((p, i) =>
        'path' in p ? (
          <Link key={i} to={p.path}>
            {p.text}
          </Link>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </span>
  );
}
