// A DropsFeed wired to the page: the signed-in player (own drops held while busy), real timers and the
// public channel's lastDrop events (those `accept` keeps). The live drops strip and a box page's drops
// both run one; they seed it from their own GET.
import type { Drop } from '../../../shared/api/boxes.ts';
import { onLastDrop } from '../../lib/public-channel.ts';
import { useSession } from '../../stores/session.ts';
import { DropsFeed, type LiveDrop } from './drops-feed.ts';

/** The running feed and the function that stops it (channel, session subscription, timers). */
export interface LiveDropsFeed {
  feed: DropsFeed;
  stop(): void;
}

/** Starts a feed of `cap` drops that reports its list to `onChange`. */
export function startLiveDropsFeed(
  onChange: (drops: Drop[]) => void,
  cap?: number,
  accept: (drop: LiveDrop) => boolean = () => true,
): LiveDropsFeed {
  const feed = new DropsFeed(
    {
      selfId: () => useSession.getState().user?.id ?? null,
      busy: () => useSession.getState().busy,
      schedule: (fn, ms) => {
        const id = setTimeout(fn, ms);
        return () => clearTimeout(id);
      },
      onChange,
    },
    cap,
  );
  const off = onLastDrop((raw) => {
    const d = raw as LiveDrop;
    if (accept(d)) feed.receive(d);
  });
  const unsub = useSession.subscribe((s, prev) => {
    if (s.busy !== prev.busy) feed.busyChanged(s.busy);
  });
  return {
    feed,
    stop: () => {
      off();
      unsub();
      feed.dispose();
    },
  };
}
