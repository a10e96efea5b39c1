import type { EndpointResponse, ProductInput, ProductUpdate } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** `POST /product`: an admin adds a product. */
export function addProduct(input: ProductInput): Promise<EndpointResponse<'POST /product'>> {
  return callApi('POST /product', { body: input });
}

/**
 * `PUT /products/{id}`: an admin changes a product; `expectedAqty`, the stock the form opened
 * with, makes a stock edit that an order overtook a 409 `stock_changed` instead of a lost order.
 */
export function updateProduct(
  id: string,
  input: ProductUpdate,
): Promise<EndpointResponse<'PUT /products/:id'>> {
  return callApi('PUT /products/:id', { params: { id }, body: input });
}

/**
 * `DELETE /products/{id}`: an admin removes a product; one with orders is archived instead and
 * its unpaid orders cancelled.
 */
export function deleteProduct(id: string): Promise<EndpointResponse<'DELETE /products/:id'>> {
  return callApi('DELETE /products/:id', { params: { id } });
}

/** `POST /uploads`: one image file; answers the address it is served from. */
export function uploadImage(file: File): Promise<EndpointResponse<'POST /uploads'>> {
  const form = new FormData();
  form.append('file', file);
  return callApi('POST /uploads', { form });
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
    mutationFn: ({ id, input }: { id: string; input: ProductUpdate }) => updateProduct(id, input),
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
