import { searchSynonymMessages as text, type SearchSynonym } from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { ApiRequestError, callApi } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { productKeys } from '../api/product-keys';

const synonymKeys = ['search-synonyms'] as const;

/**
 * /dashboard/search-synonyms (issue 22): the admin's pairs of words a product search takes as
 * one (`psu` = `power supply`): listed, added, removed. Searches use a change at once.
 */
export function SearchSynonyms() {
  const id = useId();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: synonymKeys,
    queryFn: () => callApi('GET /search-synonyms'),
  });
  const [term, setTerm] = useState('');
  const [expansion, setExpansion] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [said, setSaid] = useState('');
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: synonymKeys });
    // Searches read the synonyms: results cached before the change are stale now.
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
  };
  const add = useMutation({
    mutationFn: () => callApi('POST /search-synonyms', { body: { term, expansion } }),
    meta: { ownErrorMessage: true },
    onSuccess: async ({ synonym }) => {
      setTerm('');
      setExpansion('');
      setErrors({});
      setSaid(text.added(synonym.term, synonym.expansion));
      await refresh();
    },
    onError: (error) => {
      setSaid('');
      setErrors(
        error instanceof ApiRequestError && Object.keys(error.fields).length > 0
          ? error.fields
          : { term: errorMessage(error) },
      );
    },
  });
  const remove = useMutation({
    mutationFn: (synonym: SearchSynonym) =>
      callApi('DELETE /search-synonyms/:id', { params: { id: synonym._id } }),
    onSuccess: async (_result, synonym) => {
      setSaid(text.removed(synonym.term, synonym.expansion));
      await refresh();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(term.trim() === '' && { term: text.termRequired }),
      ...(expansion.trim() === '' && { expansion: text.expansionRequired }),
    };
    setErrors(missing);
    if (Object.keys(missing).length === 0) add.mutate();
  };

  const field = (
    name: 'term' | 'expansion',
    label: string,
    value: string,
    set: (v: string) => void,
  ) => (
    <div className="min-w-0 grow">
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={value}
        onChange={(event) => set(event.target.value)}
        maxLength={120}
        autoComplete="off"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className={`input w-full ${errors[name] ? 'input-error' : ''}`}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-error mt-1 text-sm">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <section className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">{text.pageTitle}</h1>
        <p className="text-base-content/80">{text.intro}</p>
      </header>
      <form
        onSubmit={onSubmit}
        noValidate
        className="bg-base-100 border-base-300 rounded-box flex flex-col gap-3 border p-4 sm:flex-row sm:items-start"
      >
        {field('term', text.termLabel, term, setTerm)}
        {field('expansion', text.expansionLabel, expansion, setExpansion)}
        <button type="submit" className="btn btn-primary sm:mt-6" disabled={add.isPending}>
          {text.add}
        </button>
      </form>
      <p role="status" className="text-sm font-medium">
        {said}
      </p>
      <QueryState query={list} what="synonyms">
        {(synonyms) =>
          synonyms.length === 0 ? (
            <p>{text.empty}</p>
          ) : (
            <table className="table bg-base-100 border-base-300 rounded-box w-full table-fixed border break-words">
              <caption className="sr-only">{text.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.termLabel}</th>
                  <th scope="col">{text.expansionLabel}</th>
                  <th scope="col" className="w-24">
                    <span className="sr-only">{text.removeShort}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {synonyms.map((synonym) => (
                  <tr key={synonym._id}>
                    <td>{synonym.term}</td>
                    <td>{synonym.expansion}</td>
                    <td className="text-right">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm text-error"
                        aria-label={text.remove(synonym.term, synonym.expansion)}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(synonym)}
                      >
                        {text.removeShort}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
    </section>
  );
}
