// What other features may use from boxes: the box card, the item tile and the 404 of a page's own check.
export { BoxCard } from './box-card.tsx';
export { ItemTile } from './item-tile.tsx';
export { throwPageNotFound } from './not-found.ts';
