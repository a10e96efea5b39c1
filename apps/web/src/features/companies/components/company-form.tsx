import {
  companyCreateSchema,
  companyPageMessages as text,
  type CompanyCreate,
  type CompanyWithMembers,
} from '@shop/shared';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/error-message';
import { useCreateCompany } from '../api/create-company';
import { useUpdateCompany } from '../api/update-company';

/** The form's values are text; an empty VAT ID is none. The shared schema checks the rest. */
const companyFormSchema = z
  .object({ name: z.string(), vatId: z.string(), billingAddress: z.string() })
  .transform((values): CompanyCreate => values)
  .pipe(companyCreateSchema);

type FormValues = z.input<typeof companyFormSchema>;

const emptyValues: FormValues = { name: '', vatId: '', billingAddress: '' };

/** The company's fields: the same three for creating and editing. */
function CompanyFields({ form }: { form: ReturnType<typeof useCompanyForm> }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField
        label={text.nameLabel}
        autoComplete="organization"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={text.vatIdLabel}
        hint={text.vatIdHint}
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.vatId?.message}
        {...register('vatId')}
      />
      <TextField
        multiline
        rows={3}
        label={text.billingAddressLabel}
        hint={text.billingAddressHint}
        autoComplete="billing street-address"
        error={errors.billingAddress?.message}
        {...register('billingAddress')}
      />
      {errors.root && (
        <p role="alert" className="text-error text-sm">
          {errors.root.message}
        </p>
      )}
    </>
  );
}

const useCompanyForm = (defaultValues: FormValues) =>
  useZodForm(companyFormSchema, { defaultValues });

/** A refusal: under the fields it names, otherwise above the button (409 already_in_company). */
function showRefusal(form: ReturnType<typeof useCompanyForm>, error: unknown) {
  if (!form.showFieldErrors(error)) form.setError('root', { message: errorMessage(error) });
}

/** A customer in no company creates one; they become its admin. */
export function CreateCompanyForm() {
  const create = useCreateCompany();
  const form = useCompanyForm(emptyValues);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { company } = await create.mutateAsync(values);
      toast.success(text.created(company.name));
    } catch (error) {
      showRefusal(form, error);
    }
  });
  return (
    <section aria-labelledby="create-company" className="card bg-base-100 border-base-300 border">
      <form onSubmit={onSubmit} noValidate className="card-body gap-1">
        <h2 id="create-company" className="card-title">
          {text.createTitle}
        </h2>
        <CompanyFields form={form} />
        <SubmitButton pending={create.isPending} className="sm:w-auto sm:self-start">
          {text.create}
        </SubmitButton>
      </form>
    </section>
  );
}

/** A company admin (or a shop admin) edits the details; `onDone` closes the form. */
export function EditCompanyForm({
  company,
  onDone,
}: {
  company: CompanyWithMembers;
  onDone: () => void;
}) {
  const update = useUpdateCompany(company._id);
  const form = useCompanyForm({
    name: company.name,
    vatId: company.vatId ?? '',
    billingAddress: company.billingAddress,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ...values, vatId: values.vatId ?? null });
      toast.success(text.saved);
      onDone();
    } catch (error) {
      showRefusal(form, error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="gap-1">
      <CompanyFields form={form} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={update.isPending} className="">
          {text.save}
        </SubmitButton>
        <button type="button" className="btn btn-ghost mt-4" onClick={onDone}>
          {text.cancelEdit}
        </button>
      </div>
    </form>
  );
}
