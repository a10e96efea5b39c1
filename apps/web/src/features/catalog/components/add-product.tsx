import { messages } from '@shop/shared';
import toast from 'react-hot-toast';
import { useAddProduct } from '../api/product-mutations';
import { ProductForm } from './product-form';

/** Add Product: an admin adds a product to the catalog. */
export function AddProduct() {
  const add = useAddProduct();
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold">Add Product</h1>
      <div className="card bg-base-100 border-base-300 border">
        <div className="card-body">
          <ProductForm
            submitLabel="Add Product"
            pending={add.isPending}
            onSave={async (input) => {
              const result = await add.mutateAsync(input);
              if (!result.insertedId) return false;
              toast.success(messages.productAdded);
              return true;
            }}
          />
        </div>
      </div>
    </section>
  );
}
