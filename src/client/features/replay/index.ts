// What other features and the games' history lists use from replays: the row's Replay link and Share to chat.
export { ReplayLink } from './replay-link.tsx';
export { ShareToChat, shareMessage } from './share-to-chat.tsx';
export { replayColumn, shareColumn } from './replay-columns.tsx';
