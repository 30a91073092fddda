// What other features may use from the chat: showing a message the player just posted (a shared bet).
export { receiveMessage } from './chat-feed.ts';
