// What other features may use from boxes: the box card and the item tile.
export { BoxCard } from './box-card.tsx';
export { ItemTile } from './item-tile.tsx';
