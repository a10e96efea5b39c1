import { savedListMessages as text, type SavedOrderList } from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { chooseAction } from '../../../components/ui/confirm';
import { confirmedDelete } from '../../../components/ui/confirmed-delete';
import { errorMessage } from '../../../lib/error-message';
import {
  useDeleteOrderList,
  useOrderLists,
  useRenameOrderList,
  useSaveOrderList,
} from '../api/order-lists';
import { toastSuccess } from '../announce';
import { mergeIntoOrderList } from '../order-list-actions';
import { useOrderList, writeOrderList } from '../order-list-store';

const savedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The signed-in customer's named order lists (DESIGN.md section 14): the order list saved under
 * a name, each list opened into the order list (replacing it, after asking), renamed or deleted.
 * The order list itself is the default list, kept in step by order-list-sync.ts.
 */
export function SavedLists({ userId }: { userId: string }) {
  const lists = useOrderLists(userId);
  const lines = useOrderList();
  const save = useSaveOrderList();
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const nameId = useId();

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    save.reset();
    // Said here rather than by the browser's bubble, which some never showed (ux 2026-11-28 #26).
    if (name.trim() === '') {
      setProblem(text.nameRequired);
      return;
    }
    if (lines.length === 0) {
      setProblem(text.saveEmpty);
      return;
    }
    setProblem(null);
    try {
      const { list } = await save.mutateAsync({
        name,
        lines: lines.map(({ productId, quantity }) => ({ productId, quantity })),
      });
      setName('');
      setSaved(text.saved(list.name));
    } catch {
      // Said under the field.
    }
  };
  const saveError = save.isError ? errorMessage(save.error) : problem;

  return (
    <section
      aria-labelledby="saved-lists"
      className="bg-base-100 border-base-300 rounded-box space-y-4 border p-4"
    >
      <h2 id="saved-lists" className="text-xl font-semibold">
        {text.heading}
      </h2>
      <p className="text-base-content/80">{text.intro}</p>
      <form
        onSubmit={(event) => void onSave(event)}
        noValidate
        className="flex flex-wrap items-end gap-3"
      >
        <div className="space-y-1">
          <label htmlFor={nameId} className="block font-semibold">
            {text.nameLabel}
          </label>
          <input
            id={nameId}
            className="input input-bordered w-72 max-w-full"
            value={name}
            maxLength={60}
            required
            onChange={(event) => setName(event.target.value)}
            aria-invalid={saveError ? true : undefined}
            aria-describedby={saveError ? `${nameId}-error` : undefined}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? text.saving : text.save}
        </button>
        {saveError && (
          <p id={`${nameId}-error`} role="alert" className="text-error w-full text-sm">
            {saveError}
          </p>
        )}
        <p role="status" className="w-full text-sm empty:hidden">
          {saved}
        </p>
      </form>
      <QueryState query={lists} what="your saved lists">
        {(all) => {
          const named = all.filter((list) => !list.isDefault);
          return named.length === 0 ? (
            <p>{text.none}</p>
          ) : (
            <ul aria-label={text.listsLabel} className="divide-base-300 divide-y">
              {named.map((list) => (
                <SavedListRow key={list._id} list={list} listEmpty={lines.length === 0} />
              ))}
            </ul>
          );
        }}
      </QueryState>
    </section>
  );
}

function SavedListRow({ list, listEmpty }: { list: SavedOrderList; listEmpty: boolean }) {
  const rename = useRenameOrderList();
  const remove = useDeleteOrderList();
  const [renaming, setRenaming] = useState(false);
  const [newName, setNewName] = useState(list.name);
  const fieldId = useId();

  // Into an empty order list it simply opens; otherwise the buyer adds it or replaces theirs.
  const open = async () => {
    const choice = listEmpty
      ? 'deny'
      : await chooseAction({
          title: text.openTitle,
          text: text.openText(list.name),
          confirmText: text.openConfirm,
          denyText: text.openReplace,
        });
    if (choice === 'confirm') {
      mergeIntoOrderList(list.lines);
      toastSuccess(text.merged(list.name));
    } else if (choice === 'deny') {
      writeOrderList(list.lines);
      toastSuccess(text.opened(list.name));
    }
  };

  const onRename = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await rename.mutateAsync({ id: list._id, name: newName });
      setRenaming(false);
    } catch {
      // Said under the field.
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 grow">
        <p className="font-semibold wrap-anywhere">{list.name}</p>
        <p className="text-base-content/80 text-sm">
          {text.count(list.lines.length, savedOn(list.updatedAt))}
        </p>
      </div>
      {renaming ? (
        <form onSubmit={(event) => void onRename(event)} className="flex flex-wrap items-end gap-2">
          <div className="space-y-1">
            <label htmlFor={fieldId} className="block text-sm font-semibold">
              {text.newName(list.name)}
            </label>
            <input
              id={fieldId}
              className="input input-bordered input-sm w-56 max-w-full"
              value={newName}
              maxLength={60}
              required
              autoFocus
              onChange={(event) => setNewName(event.target.value)}
              aria-invalid={rename.isError || undefined}
              aria-describedby={rename.isError ? `${fieldId}-error` : undefined}
            />
          </div>
          <button type="submit" className="btn btn-sm btn-primary" disabled={rename.isPending}>
            {text.renameSave}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setRenaming(false)}>
            {text.cancel}
          </button>
          {rename.isError && (
            <p id={`${fieldId}-error`} role="alert" className="text-error w-full text-sm">
              {errorMessage(rename.error)}
            </p>
          )}
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            aria-label={text.openLabel(list.name)}
            onClick={() => void open()}
          >
            {text.open}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            aria-label={text.renameLabel(list.name)}
            onClick={() => {
              setNewName(list.name);
              setRenaming(true);
            }}
          >
            {text.rename}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            aria-label={text.removeLabel(list.name)}
            disabled={remove.isPending}
            onClick={() =>
              void confirmedDelete({
                text: text.removeText(list.name),
                remove: () => remove.mutateAsync(list._id),
              })
            }
          >
            {text.remove}
          </button>
        </div>
      )}
    </li>
  );
}
