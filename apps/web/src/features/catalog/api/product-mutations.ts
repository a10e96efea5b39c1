import type { Product, ProductDeleted, ProductInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export interface ProductAdded {
  insertedId?: string;
  product: Product;
}

export interface ProductUpdated {
  modifiedCount: number;
  product: Product;
}

/** `POST /product`: an admin adds a product. */
export function addProduct(input: ProductInput): Promise<ProductAdded> {
  return apiFetch<ProductAdded>('/product', { method: 'POST', json: input });
}

/** `PUT /products/{id}`: an admin changes a product. */
export function updateProduct(id: string, input: ProductInput): Promise<ProductUpdated> {
  return apiFetch<ProductUpdated>(`/products/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: input,
  });
}

/**
 * `DELETE /products/{id}`: an admin removes a product; one with orders is archived instead and
 * its unpaid orders cancelled.
 */
export function deleteProduct(id: string): Promise<ProductDeleted> {
  return apiFetch<ProductDeleted>(`/products/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

/** `POST /uploads`: one image file; answers the address it is served from. */
export function uploadImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<{ url: string }>('/uploads', { method: 'POST', body: form });
}

/** Every product change refreshes the product lists and details. */
function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productKeys.all });
}

/** The product form shows a refusal under its fields (or in a toast of its own). */
const formShowsErrors = { ownErrorMessage: true } as const;

export function useAddProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: addProduct, onSettled: invalidate, meta: formShowsErrors });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ProductInput }) => updateProduct(id, input),
    onSettled: invalidate,
    meta: formShowsErrors,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({ mutationFn: deleteProduct, onSettled: invalidate });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage, meta: formShowsErrors });
}
