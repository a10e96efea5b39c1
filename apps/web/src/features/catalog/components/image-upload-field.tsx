import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '@shop/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useUploadImage } from '../api/product-mutations';

const megabytes = `${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;

/** Why a chosen file cannot be uploaded, checked before sending it. */
export function uploadProblem(file: File): string | undefined {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a PNG, JPEG or WebP image.';
  }
  if (file.size > MAX_UPLOAD_BYTES) return `The image must be at most ${megabytes}.`;
  return undefined;
}

/**
 * The state of an image picker: the upload, why it failed, the address it gave. `onUploaded`
 * receives that address (the form puts it in its Image URL field).
 */
export function useImageUpload(onUploaded: (url: string) => void) {
  const upload = useUploadImage();
  const [error, setError] = useState<string>();
  const [uploaded, setUploaded] = useState<string>();
  // A file input cannot be cleared through React: a new one replaces it, so the picker no
  // longer names the file of the product just added.
  const [inputKey, setInputKey] = useState(0);

  const choose = async (file: File | undefined) => {
    setError(undefined);
    if (!file) return;
    const problem = uploadProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const { url } = await upload.mutateAsync(file);
      onUploaded(url);
      setUploaded(url);
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError ? failure.message : 'The image could not be uploaded.',
      );
    }
  };

  return {
    choose,
    error,
    uploaded,
    inputKey,
    isPending: upload.isPending,
    /** Forgets the file and its upload: the picker is empty again. */
    clear: () => {
      setUploaded(undefined);
      setError(undefined);
      setInputKey((key) => key + 1);
    },
  };
}

export type ImageUpload = ReturnType<typeof useImageUpload>;

/**
 * 'Or upload an image': a file picker that uploads the chosen image at once, says why one
 * cannot be, and previews the upload while the form's Image URL is still its address.
 */
export function ImageUploadField({
  image,
  imageUrl,
}: {
  image: ImageUpload;
  /** The form's Image URL now. */
  imageUrl: string | undefined;
}) {
  const id = useId();
  const { error, uploaded } = image;
  const preview = uploaded !== undefined && imageUrl === uploaded ? uploaded : undefined;
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        Or upload an image
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          key={image.inputKey}
          id={id}
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          className={`file-input ${error ? 'file-input-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          disabled={image.isPending}
          onChange={(event: ChangeEvent<HTMLInputElement>) =>
            void image.choose(event.target.files?.[0])
          }
        />
        {image.isPending && (
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
        id={`${id}-hint`}
        className={`text-sm ${error ? 'text-error' : 'text-base-content/70'}`}
        role={error ? 'alert' : undefined}
      >
        {error ?? `PNG, JPEG or WebP, up to ${megabytes}. Its address fills Image URL.`}
      </p>
    </div>
  );
}
