import {
  formatQuantity,
  ADMIN_PAGE_SIZE,
  adminListNouns,
  categoryLabels,
  formatPrice,
  messages,
  previewText,
  productListQuerySchema,
  productRemovalMessages,
  productTermsMessages,
  type Product,
} from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useConfirmedDelete } from '../../../components/ui/confirmed-delete';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { ExportButton } from '../../../components/ui/export-button';
import { PagedList } from '../../../components/ui/paged-list';
import { pagedListHandlers, useListParams } from '../../../lib/use-list-params';
import { getProductOpenOrders } from '../api/get-product-open-orders';
import { getProductPage, useProductPage } from '../api/get-product-page';
import { useDeleteProduct, useUpdateProduct } from '../api/product-mutations';
import { productCsvColumns } from '../product-csv';
import { ProductForm } from './product-form';

/** A 24-pixel outline icon; decorative, since its button carries the name. */
function StrokeIcon({ d }: { d: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="h-5 w-5"
    >
      <path d={d} />
    </svg>
  );
}

const COLUMNS = [
  '#',
  'Name',
  'Category',
  'Img',
  'Available',
  'Min Qty',
  'Price',
  'Description',
  'Action',
] as const;

const noun = adminListNouns.products;
const listParams = productListQuerySchema.pick({ q: true, page: true });

const TRASH = 'M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6';
const PENCIL = 'M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z';

/** A modal dialog with the product's fields prefilled; PUT on save. */
function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const update = useUpdateProduct();
  const titleId = `edit-product-${product._id}`;

  const close = () => {
    const element = dialog.current;
    // Closing the modal hands the focus back to the Edit button (jsdom has no close()).
    if (element && typeof element.close === 'function') element.close();
    onClose();
  };

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // jsdom has no showModal; the open attribute shows the dialog there.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-w-3xl">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            Edit {product.name}
          </h2>
          <button type="button" className="btn btn-sm btn-ghost" aria-label="Close" onClick={close}>
            ✕
          </button>
        </div>
        <ProductForm
          product={product}
          submitLabel="Save changes"
          pending={update.isPending}
          onSave={async (input) => {
            await update.mutateAsync({ id: product._id, input });
            toast.success('Product updated!');
            close();
            return false;
          }}
        />
      </div>
    </dialog>
  );
}

/**
 * What deleting will really do (deleted, or archived with its unpaid orders cancelled), said
 * under the spec's fixed text in a paragraph of its own.
 */
async function removalDetail(product: Product): Promise<string> {
  try {
    return productRemovalMessages.impact(await getProductOpenOrders(product._id));
  } catch {
    return productRemovalMessages.unknownImpact;
  }
}

/**
 * Manage Product: every product, searched and paged (kept in the address) and exported as CSV,
 * to edit or delete.
 */
export function ManageProducts() {
  const [{ q, page = 1 }, update] = useListParams(listParams);
  const products = useProductPage({ q, page, limit: ADMIN_PAGE_SIZE });
  const remove = useConfirmedDelete(useDeleteProduct(), {
    text: (product) => messages.deleteProductText(product.name),
    detail: removalDetail,
    deletedText: (result) =>
      result.archived ? productRemovalMessages.archived(result) : undefined,
  });
  const [editing, setEditing] = useState<Product | null>(null);

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Manage All Product here</h1>
      <PagedList
        noun={noun}
        query={products}
        q={q}
        {...pagedListHandlers(update)}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        actions={
          <ExportButton
            noun={noun}
            columns={productCsvColumns}
            fetchPage={(at, limit) => getProductPage({ q, page: at, limit })}
          />
        }
      >
        {(list) => (
          <DataTable label="Products" columns={COLUMNS}>
            <tbody>
              {list.map((product, index) => (
                <tr key={product._id}>
                  <Cell label="#">{(page - 1) * ADMIN_PAGE_SIZE + index + 1}</Cell>
                  <RowHeader label="Name">
                    {product.name}
                    {/* Under the name rather than a column of its own: the table keeps its
                        actions in view at 1280 px. */}
                    {product.sku && (
                      <span className="text-base-content/70 block font-mono text-xs font-normal">
                        {productTermsMessages.sku(product.sku)}
                      </span>
                    )}
                  </RowHeader>
                  <Cell label="Category">{categoryLabels[product.category]}</Cell>
                  <Cell label="Img">
                    <img
                      src={product.imgURL}
                      alt={product.name}
                      loading="lazy"
                      className="rounded-box h-12 w-12 object-cover"
                    />
                  </Cell>
                  <Cell label="Available">{formatQuantity(product.aqty)}</Cell>
                  <Cell label="Min Qty">{formatQuantity(product.minquantity)}</Cell>
                  <Cell label="Price">{formatPrice(product.price)}</Cell>
                  <Cell label="Description">
                    <span title={product.description}>{previewText(product.description)}</span>
                  </Cell>
                  <Cell label="Action">
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className="btn btn-sm btn-square btn-error btn-outline"
                        aria-label={`Delete ${product.name}`}
                        disabled={remove.isPending}
                        onClick={() => void remove.remove(product)}
                      >
                        <StrokeIcon d={TRASH} />
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-square btn-success"
                        aria-label={`Edit ${product.name}`}
                        onClick={() => setEditing(product)}
                      >
                        <StrokeIcon d={PENCIL} />
                      </button>
                    </div>
                  </Cell>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </PagedList>
      {editing && (
        <EditProductDialog key={editing._id} product={editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
