import {
  categoryLabels,
  DEFAULT_CATEGORY,
  MAX_PRICE_BREAKS,
  MAX_SPECS,
  PRODUCT_CATEGORIES,
  productInputSchema,
  productFormMessages as terms,
  stockEditMessages,
  type Product,
} from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { ApiRequestError } from '../../../lib/api-client';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { ImageUploadField, useImageUpload } from './image-upload-field';
import { RowEditor } from './row-editor';

type FormInput = z.input<typeof productInputSchema>;
export type ProductFormOutput = z.output<typeof productInputSchema> & {
  /** Editing: the stock the form opened with (or the 409 said since), so no order is lost. */
  expectedAqty?: number;
};

const categoryOptions = PRODUCT_CATEGORIES.map((value) => ({
  value,
  label: categoryLabels[value],
}));

const empty = {
  name: '',
  aqty: '',
  description: '',
  imgURL: '',
  price: '',
  minquantity: '',
  category: DEFAULT_CATEGORY,
  sku: '',
  increment: '1',
  specs: [],
  priceBreaks: [],
} satisfies FormInput;

function valuesOf(product: Product | undefined): FormInput {
  if (!product) return empty;
  return {
    name: product.name,
    aqty: String(product.aqty),
    description: product.description,
    imgURL: product.imgURL,
    price: String(product.price),
    minquantity: String(product.minquantity),
    category: product.category,
    sku: product.sku ?? '',
    increment: String(product.increment),
    specs: product.specs.map(({ name, value }) => ({ name, value })),
    priceBreaks: product.priceBreaks.map((b) => ({
      minQty: String(b.minQty),
      price: b.price.toFixed(2),
    })),
  };
}

interface ProductFormProps {
  /** The product being edited; a new product when absent. */
  product?: Product;
  submitLabel: string;
  pending: boolean;
  /**
   * Sends the product; resolves true when the server confirmed it (the form is then cleared).
   * An ApiRequestError it throws shows its field messages under the fields; a 409
   * `stock_changed` (an order moved the stock since the form opened) an alert with the figure
   * now, which the next save is made against.
   */
  onSave: (input: ProductFormOutput) => Promise<boolean>;
}

/** The product fields of Add Product and of Manage Product's edit dialog. */
export function ProductForm({ product, submitLabel, pending, onSave }: ProductFormProps) {
  const defaults = valuesOf(product);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setFocus,
    showServerErrors,
    formState: { errors },
  } = useZodForm(productInputSchema, {
    defaultValues: defaults,
    // A wrong number ('1e3', '250.5' in a count, '-3', '12abc') is said as it is typed or pasted.
    mode: 'onChange',
  });
  const specs = useFieldArray({ control, name: 'specs' });
  const breaks = useFieldArray({ control, name: 'priceBreaks' });
  const imgURL = useWatch({ control, name: 'imgURL' });
  const image = useImageUpload((url) =>
    setValue('imgURL', url, { shouldValidate: true, shouldDirty: true }),
  );

  // Editing: the stock the admin saw, sent with the save (issue 22, review defect 6).
  const [expectedAqty, setExpectedAqty] = useState(product?.aqty);
  // An object, so a second 409 with the same figure still moves the focus to the alert.
  const [stockNow, setStockNow] = useState<{ aqty: number } | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (stockNow !== null) alert.current?.focus();
  }, [stockNow]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (await onSave(product ? { ...values, expectedAqty } : values)) {
        reset(product ? valuesOf(product) : empty);
        image.clear();
      }
      setStockNow(null);
    } catch (error) {
      const now = error instanceof ApiRequestError ? error.current['aqty'] : undefined;
      if (error instanceof ApiRequestError && error.code === 'stock_changed' && now !== undefined) {
        setExpectedAqty(now);
        setStockNow({ aqty: now });
      }
      showServerErrors(error, 'The product could not be saved. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      {stockNow !== null && (
        <div
          ref={alert}
          role="alert"
          tabIndex={-1}
          className="alert alert-warning mb-2 flex flex-wrap sm:col-span-2"
        >
          <p className="min-w-0 flex-1">{stockEditMessages.changed(stockNow.aqty)}</p>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => {
              setValue('aqty', String(stockNow.aqty), { shouldValidate: true, shouldDirty: true });
              setFocus('aqty');
            }}
          >
            {stockEditMessages.useCurrent(stockNow.aqty)}
          </button>
        </div>
      )}
      <TextField label="Product Name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Available Quantity"
        inputMode="numeric"
        autoComplete="off"
        error={errors.aqty?.message}
        {...register('aqty')}
      />
      <div className="sm:col-span-2">
        <TextField
          multiline
          label="Description"
          rows={4}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label="Image URL"
          placeholder="https://… or upload an image below"
          error={errors.imgURL?.message}
          {...register('imgURL')}
        />
      </div>
      <div className="sm:col-span-2">
        <ImageUploadField image={image} imageUrl={imgURL} />
      </div>
      <TextField
        label="Price"
        inputMode="decimal"
        autoComplete="off"
        error={errors.price?.message}
        {...register('price')}
      />
      <TextField
        label="MinimumQuantity"
        inputMode="numeric"
        autoComplete="off"
        error={errors.minquantity?.message}
        {...register('minquantity')}
      />
      <SelectField
        label="Category"
        options={categoryOptions}
        error={errors.category?.message}
        {...register('category')}
      />
      <TextField
        label="SKU"
        placeholder="e.g. CF-M3-ATX"
        autoComplete="off"
        spellCheck={false}
        error={errors.sku?.message}
        {...register('sku')}
      />
      <div className="sm:col-span-2">
        <TextField
          label="Pack size"
          inputMode="numeric"
          autoComplete="off"
          hint={terms.packSizeHint}
          error={errors.increment?.message}
          {...register('increment')}
        />
      </div>
      <RowEditor
        legend="Specs"
        wideSecond
        hint={terms.specsHint}
        columns={['Name', 'Value']}
        addLabel={terms.addSpec}
        canAdd={specs.fields.length < MAX_SPECS}
        onAdd={() => specs.append({ name: '', value: '' })}
        onRemove={(index) => specs.remove(index)}
        error={errors.specs?.root?.message ?? errors.specs?.message}
        rows={specs.fields.map((field, index) => ({
          key: field.id,
          removeLabel: terms.removeSpec(index + 1),
          inputs: [
            {
              label: terms.specName(index + 1),
              error: errors.specs?.[index]?.name?.message,
              registration: register(`specs.${index}.name`),
            },
            {
              label: terms.specValue(index + 1),
              error: errors.specs?.[index]?.value?.message,
              registration: register(`specs.${index}.value`),
            },
          ],
        }))}
      />
      <RowEditor
        legend="Price breaks"
        hint={terms.priceBreaksHint}
        columns={['From quantity', 'Unit price ($)']}
        addLabel={terms.addPriceBreak}
        canAdd={breaks.fields.length < MAX_PRICE_BREAKS}
        onAdd={() => breaks.append({ minQty: '', price: '' })}
        onRemove={(index) => breaks.remove(index)}
        error={errors.priceBreaks?.root?.message ?? errors.priceBreaks?.message}
        rows={breaks.fields.map((field, index) => ({
          key: field.id,
          removeLabel: terms.removeBreak(index + 1),
          inputs: [
            {
              label: terms.breakQty(index + 1),
              error: errors.priceBreaks?.[index]?.minQty?.message,
              registration: register(`priceBreaks.${index}.minQty`),
              attributes: { inputMode: 'numeric' },
            },
            {
              label: terms.breakPrice(index + 1),
              error: errors.priceBreaks?.[index]?.price?.message,
              registration: register(`priceBreaks.${index}.price`),
              attributes: { inputMode: 'decimal' },
            },
          ],
        }))}
      />
      <div className="sm:col-span-2">
        <SubmitButton pending={pending} disabled={image.isPending}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
