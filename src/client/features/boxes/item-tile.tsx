// A product tile: image on a rarity-coloured plate, name, price and (in a box) the chance.
import type { ReactNode } from 'react';
import type { Product } from '../../../shared/api/boxes.ts';
import { capitalize, formatDollars } from '../../lib/format.ts';

/** One product tile; `children` adds rows (chance, status, actions). */
export function ItemTile({
  product,
  price,
  children,
  testId = 'item',
}: {
  product: Product;
  price?: number;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`item-tile rarity-${product.rarity}`} data-testid={testId}>
      <img src={product.img_url} alt={product.name} width={120} height={120} loading="lazy" />
      <span className="item-name">{product.name}</span>
      <span className="item-rarity">{capitalize(product.rarity)}</span>
      <span className="item-price">{formatDollars(price ?? product.price)}</span>
      {children}
    </div>
  );
}
