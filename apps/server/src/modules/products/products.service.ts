import type { productInputSchema } from '@shop/shared';
import { ID_PATTERN, type Product } from '@shop/shared';
import type { z } from 'zod';
import type { ProductRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { ProductFields, ProductsRepository } from './products.repository.js';

type ValidProduct = z.output<typeof productInputSchema>;

const fieldsOf = (input: ValidProduct): ProductFields => ({
  name: input.name,
  description: input.description,
  imgUrl: input.imgURL,
  priceCents: Math.round(input.price * 100),
  aqty: input.aqty,
  minquantity: input.minquantity,
});

/** A stored product in the API's shape, with the spec client's alternative names too. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    productName: row.name,
    price: row.price_cents / 100,
    description: row.description,
    imgURL: row.img_url,
    image: row.img_url,
    aqty: row.aqty,
    aQty: row.aqty,
    minquantity: row.minquantity,
  };
}

export function createProductsService(products: ProductsRepository) {
  return {
    async list(limit?: number): Promise<Product[]> {
      return (await products.list(limit)).map(toProduct);
    },

    async get(id: string): Promise<Product> {
      // A malformed id cannot name a product: answer 404 without asking the database.
      const row = ID_PATTERN.test(id) ? await products.findById(id) : undefined;
      if (!row) throw AppError.notFound('Product');
      return toProduct(row);
    },

    async create(input: ValidProduct) {
      const row = await products.create(fieldsOf(input));
      return { insertedId: row.id, product: toProduct(row) };
    },

    async update(id: string, input: ValidProduct) {
      const row = ID_PATTERN.test(id) ? await products.update(id, fieldsOf(input)) : undefined;
      if (!row) throw AppError.notFound('Product');
      return { modifiedCount: 1, product: toProduct(row) };
    },

    async delete(id: string) {
      if (!ID_PATTERN.test(id) || !(await products.delete(id))) throw AppError.notFound('Product');
      return { deletedCount: 1 };
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
