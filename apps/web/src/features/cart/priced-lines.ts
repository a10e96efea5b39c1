import {
  linePrice,
  nextPriceBreak,
  type OrderListLine,
  type PriceBreak,
  type Product,
} from '@shop/shared';
import { parseQuantity, quantityProblem } from './quantity-rules';

/** A line of the order list as the buyer sees it: the product as it is now, priced. */
export interface PricedLine {
  line: OrderListLine;
  /** Undefined once the product is gone from the catalog. */
  product: Product | undefined;
  /** The quantity as typed (the stored one unless the buyer is typing something else). */
  text: string;
  /** Why this line cannot be ordered as it is; undefined when it can. */
  problem: string | undefined;
  /** Prices for the quantity typed, when it is a whole number of an available product. */
  price: { unitPrice: number; lineTotal: number; lineCents: number } | undefined;
  /** The next volume price a larger quantity would earn. */
  next: PriceBreak | undefined;
  /** The volume price this quantity earns, if it reaches one. */
  reached: PriceBreak | undefined;
}

export interface PricedOrderList {
  lines: PricedLine[];
  totalCents: number;
  pieces: number;
  /** Why the list cannot be checked out now, if it cannot. */
  blocked: 'unavailable' | 'quantities' | null;
}

/** Prices each line with the products as the API serves them now. */
export function priceOrderList(
  lines: readonly OrderListLine[],
  products: readonly Product[],
  drafts: Readonly<Record<string, string>> = {},
): PricedOrderList {
  const byId = new Map(products.map((product) => [product._id, product]));
  let totalCents = 0;
  let pieces = 0;
  let unavailable = false;
  let invalid = false;
  const priced = lines.map((line): PricedLine => {
    const product = byId.get(line.productId);
    const text = drafts[line.productId] ?? String(line.quantity);
    if (!product) {
      unavailable = true;
      return {
        line,
        product,
        text,
        problem: undefined,
        price: undefined,
        next: undefined,
        reached: undefined,
      };
    }
    const problem = quantityProblem(text, product);
    const { quantity } = parseQuantity(text);
    if (problem) invalid = true;
    const price = quantity === undefined ? undefined : linePrice(product, quantity);
    if (price && quantity !== undefined) {
      totalCents += price.lineCents;
      pieces += quantity;
    }
    // A break beyond the stock cannot be reached: it is not offered.
    const reachable = product.priceBreaks.filter((b) => b.minQty <= product.aqty);
    const next = quantity === undefined ? undefined : nextPriceBreak(reachable, quantity);
    const reached =
      quantity === undefined
        ? undefined
        : product.priceBreaks
            .filter((b) => quantity >= b.minQty)
            .sort((a, b) => a.minQty - b.minQty)
            .at(-1);
    return { line, product, text, problem, price, next, reached };
  });
  return {
    lines: priced,
    totalCents,
    pieces,
    blocked: unavailable ? 'unavailable' : invalid ? 'quantities' : null,
  };
}
