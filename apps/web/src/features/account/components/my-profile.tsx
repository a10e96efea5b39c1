import {
  buyerDetailLabels,
  messages,
  profileFormMessages,
  profileUpdateSchema,
  type ProfileUpdate,
  type User,
} from '@shop/shared';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useUpdateProfile } from '../api/update-profile';

type FormValues = Required<{ [K in keyof ProfileUpdate]: string }>;
const empty = {
  displayName: '',
  location: '',
  education: '',
  phone: '',
  linkedin: '',
  company: '',
  vatNumber: '',
  shippingAddress: '',
} satisfies FormValues;

/** Like the spec's client: empty fields are dropped, only the filled ones are checked and sent. */
const profileFormSchema = z
  .object(
    Object.fromEntries(Object.keys(empty).map((name) => [name, z.string()])) as {
      [K in keyof FormValues]: z.ZodString;
    },
  )
  .transform((values) =>
    Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')),
  )
  .pipe(profileUpdateSchema);

/** What the Update form starts with: the profile as it is (issue 22, defect 25). */
function currentValues(user: User): FormValues {
  return Object.fromEntries(
    Object.keys(empty).map((name) => [name, user[name as keyof FormValues] ?? '']),
  ) as FormValues;
}

function CurrentProfile({ user }: { user: User }) {
  const rows: [string, string | null][] = [
    ['Name', user.displayName],
    ['Email', user.email],
    ['Location', user.location],
    ['Education', user.education],
    ['Phone', user.phone],
    [buyerDetailLabels.company, user.company],
    [buyerDetailLabels.vatNumber, user.vatNumber],
  ];
  return (
    <section aria-labelledby="current-profile" className="card bg-base-100 border-base-300 border">
      <div className="card-body">
        <h2 id="current-profile" className="card-title">
          Current Profile!
        </h2>
        <dl className="space-y-3">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-base-content/70 text-sm">{label}</dt>
              <dd className="font-medium break-words">{value || 'Not added yet'}</dd>
            </div>
          ))}
          <div>
            <dt className="text-base-content/70 text-sm">LinkedIn</dt>
            <dd>
              {user.linkedin ? (
                <a
                  href={user.linkedin}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="link link-primary"
                >
                  Your Profile
                </a>
              ) : (
                <span className="font-medium">Not added yet</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-base-content/70 text-sm">{buyerDetailLabels.shippingAddress}</dt>
            {/* The address as the buyer wrote it, one line per line. */}
            <dd className="font-medium break-words whitespace-pre-line">
              {user.shippingAddress || 'Not added yet'}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

/** My Profile: what we know of the user, and a form that sends only the fields filled in. */
export function MyProfile({ user }: { user: User }) {
  const update = useUpdateProfile(user.email);
  const current = currentValues(user);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    showFieldErrors,
    formState: { errors },
  } = useZodForm(profileFormSchema, { defaultValues: current, mode: 'onSubmit' });

  const onSubmit = handleSubmit(async (filled) => {
    // Only what the user changed is sent, as when the form started empty.
    const changed = Object.fromEntries(
      Object.entries(filled).filter(
        ([name, value]) => value !== (current[name as keyof FormValues] || undefined),
      ),
    );
    if (Object.keys(changed).length === 0) {
      setError('root', { message: profileFormMessages.unchanged });
      return;
    }
    try {
      const result = await update.mutateAsync(changed);
      if (result.insertedId) {
        toast.success(messages.profileUpdated);
        // The form shows the profile as it is now.
        reset(currentValues(result.user));
      }
    } catch (error) {
      // The app's error toast says what went wrong; the fields it names say it under them too.
      showFieldErrors(error);
    }
  });

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">My Profile</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <CurrentProfile user={user} />
        <section
          aria-labelledby="update-profile"
          className="card bg-base-100 border-base-300 border"
        >
          <form onSubmit={onSubmit} noValidate className="card-body gap-1">
            <h2 id="update-profile" className="card-title">
              Update Profile
            </h2>
            <TextField
              label="Name"
              autoComplete="name"
              error={errors.displayName?.message}
              {...register('displayName')}
            />
            <TextField
              label="Location"
              autoComplete="address-level2"
              error={errors.location?.message}
              {...register('location')}
            />
            <TextField
              label="Highest Education"
              error={errors.education?.message}
              {...register('education')}
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
              {...register('phone')}
            />
            <TextField
              label="LinkedIn"
              type="url"
              placeholder="https://www.linkedin.com/in/your-name"
              error={errors.linkedin?.message}
              {...register('linkedin')}
            />
            <TextField
              label={buyerDetailLabels.company}
              autoComplete="organization"
              error={errors.company?.message}
              {...register('company')}
            />
            <TextField
              label={buyerDetailLabels.vatNumber}
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="e.g. DE123456789"
              error={errors.vatNumber?.message}
              {...register('vatNumber')}
            />
            <TextField
              multiline
              label={buyerDetailLabels.shippingAddress}
              autoComplete="shipping street-address"
              rows={3}
              error={errors.shippingAddress?.message}
              {...register('shippingAddress')}
            />
            {errors.root && (
              <p role="alert" className="text-error text-sm">
                {errors.root.message}
              </p>
            )}
            <SubmitButton pending={update.isPending} className="">
              Update
            </SubmitButton>
          </form>
        </section>
      </div>
    </div>
  );
}
