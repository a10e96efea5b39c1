import {
  categoryLabels,
  DEFAULT_CATEGORY,
  MAX_PRICE_BREAKS,
  MAX_SPECS,
  MAX_UPLOAD_BYTES,
  PRODUCT_CATEGORIES,
  productInputSchema,
  productFormMessages as terms,
  UPLOAD_TYPES,
  type Product,
} from '@shop/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useUploadImage } from '../api/product-mutations';
import { ApiRequestError } from '../../../lib/api-client';
import { RowEditor } from './row-editor';

type FormInput = z.input<typeof productInputSchema>;
export type ProductFormOutput = z.output<typeof productInputSchema>;

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

const megabytes = `${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;

/** Why a chosen file cannot be uploaded, checked before sending it. */
export function uploadProblem(file: File): string | undefined {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a PNG, JPEG or WebP image.';
  }
  if (file.size > MAX_UPLOAD_BYTES) return `The image must be at most ${megabytes}.`;
  return undefined;
}

interface ProductFormProps {
  /** The product being edited; a new product when absent. */
  product?: Product;
  submitLabel: string;
  pending: boolean;
  /**
   * Sends the product; resolves true when the server confirmed it (the form is then cleared).
   * An ApiRequestError it throws shows its field messages under the fields.
   */
  onSave: (input: ProductFormOutput) => Promise<boolean>;
}

/** The product fields of Add Product and of Manage Product's edit dialog. */
export function ProductForm({ product, submitLabel, pending, onSave }: ProductFormProps) {
  const upload = useUploadImage();
  const fileId = useId();
  const [fileError, setFileError] = useState<string>();
  const [uploaded, setUploaded] = useState<string>();
  // A file input cannot be cleared through React: a new one replaces it, so the picker no
  // longer names the file of the product just added.
  const [fileInputKey, setFileInputKey] = useState(0);
  const defaults = valuesOf(product);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
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
  const preview = uploaded !== undefined && imgURL === uploaded ? uploaded : undefined;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(undefined);
    if (!file) return;
    const problem = uploadProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      const { url } = await upload.mutateAsync(file);
      setValue('imgURL', url, { shouldValidate: true, shouldDirty: true });
      setUploaded(url);
    } catch (error) {
      setFileError(
        error instanceof ApiRequestError ? error.message : 'The image could not be uploaded.',
      );
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (await onSave(values)) {
        reset(product ? valuesOf(product) : empty);
        setUploaded(undefined);
        setFileInputKey((key) => key + 1);
        setFileError(undefined);
      }
    } catch (error) {
      showServerErrors(error, 'The product could not be saved. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      <TextField label="Product Name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Available Quantity"
        inputMode="numeric"
        pattern="[0-9]*"
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
      <div className="fieldset sm:col-span-2">
        <label htmlFor={fileId} className="fieldset-legend">
          Or upload an image
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <input
            key={fileInputKey}
            id={fileId}
            type="file"
            accept={UPLOAD_TYPES.join(',')}
            className={`file-input ${fileError ? 'file-input-error' : ''}`}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${fileId}-hint`}
            disabled={upload.isPending}
            onChange={(event) => void onFile(event)}
          />
          {upload.isPending && (
            <span role="status" className="flex items-center gap-2 text-sm">
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              Uploading…
            </span>
          )}
          {preview && (
            <img
              src={preview}
              alt="Uploaded image preview"
              className="rounded-box border-base-300 h-16 w-16 border object-cover"
            />
          )}
        </div>
        <p
          id={`${fileId}-hint`}
          className={`text-sm ${fileError ? 'text-error' : 'text-base-content/70'}`}
          role={fileError ? 'alert' : undefined}
        >
          {fileError ?? `PNG, JPEG or WebP, up to ${megabytes}. Its address fills Image URL.`}
        </p>
      </div>
      <TextField
        label="Price"
        inputMode="decimal"
        pattern="[0-9]+([.][0-9]{1,2})?"
        autoComplete="off"
        error={errors.price?.message}
        {...register('price')}
      />
      <TextField
        label="MinimumQuantity"
        inputMode="numeric"
        pattern="[0-9]*"
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
          pattern="[0-9]*"
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
              attributes: { inputMode: 'numeric', pattern: '[0-9]*' },
            },
            {
              label: terms.breakPrice(index + 1),
              error: errors.priceBreaks?.[index]?.price?.message,
              registration: register(`priceBreaks.${index}.price`),
              attributes: { inputMode: 'decimal', pattern: '[0-9]+([.][0-9]{1,2})?' },
            },
          ],
        }))}
      />
      <div className="sm:col-span-2">
        <SubmitButton pending={pending} disabled={upload.isPending}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
