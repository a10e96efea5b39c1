import {
  adminCsvColumns,
  categoryLabels,
  priceBreaksCell,
  specsCell,
  type Product,
} from '@shop/shared';
import { csvColumns } from '../../lib/csv';

/**
 * Manage Product's export: the columns on screen, the price breaks and specs (one cell each), the
 * full description and the image's address.
 */
export const productCsvColumns = csvColumns<Product, keyof typeof adminCsvColumns.products>(
  adminCsvColumns.products,
  {
    id: (product) => product._id,
    name: (product) => product.name,
    sku: (product) => product.sku,
    category: (product) => categoryLabels[product.category],
    image: (product) => product.imgURL,
    available: (product) => product.aqty,
    minQty: (product) => product.minquantity,
    packSize: (product) => product.increment,
    price: (product) => product.price,
    priceBreaks: (product) => priceBreaksCell(product.priceBreaks),
    specs: (product) => specsCell(product.specs),
    description: (product) => product.description,
  },
);
