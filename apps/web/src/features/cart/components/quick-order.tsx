import {
  formatQuantity,
  formatPrice,
  parseQuickOrder,
  QUICK_ORDER_MAX_FILE_BYTES,
  quickOrderMessages as text,
  type LookupLine,
  type Product,
  type QuickOrderLine,
  type QuickOrderUnreadable,
} from '@shop/shared';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Cell, DataTable, NoValue, RowHeader } from '../../../components/ui/data-table';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { focusHeading } from '../../../lib/use-focus-heading';
import { useLookupProducts } from '../api/lookup-products';
import { putBack, type PutBackResult } from '../put-back';

const COLUMNS = [
  text.sku,
  text.product,
  text.quantity,
  text.unitPrice,
  text.lineTotal,
  text.result,
] as const;

/** A checked line with the input rows it came from. */
interface CheckedLine {
  input: QuickOrderLine;
  result: LookupLine;
}

interface Checked {
  lines: CheckedLine[];
  unreadable: QuickOrderUnreadable[];
}

/**
 * Quick order (DESIGN.md section 14): lines typed or pasted from a spreadsheet, or a CSV file,
 * read by the shared parser, checked by `POST /api/products/lookup`, every line shown with its
 * price or why it cannot be ordered; the valid ones go into the order list in one step.
 */
export function QuickOrder() {
  const [input, setInput] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [nothing, setNothing] = useState(false);
  const [added, setAdded] = useState<PutBackResult | null>(null);
  const lookup = useLookupProducts();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const addedRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const fileId = useId();

  // New results: focus goes to their heading once drawn, so a screen reader hears where they
  // start (and the page scrolls to them).
  useEffect(() => {
    if (checked && resultsHeading.current) {
      focusHeading(resultsHeading.current, { preventScroll: false });
    }
  }, [checked]);
  useEffect(() => {
    if (added) addedRef.current?.focus();
  }, [added]);

  const check = async (source: string) => {
    setAdded(null);
    const parsed = parseQuickOrder(source);
    if (parsed.lines.length === 0 && parsed.unreadable.length === 0) {
      setNothing(true);
      setChecked(null);
      return;
    }
    setNothing(false);
    let results: LookupLine[] = [];
    if (parsed.lines.length > 0) {
      try {
        const answer = await lookup.mutateAsync({
          lines: parsed.lines.map(({ sku, quantity }) => ({ sku, quantity })),
        });
        results = answer.lines;
      } catch {
        return;
      }
    }
    setChecked({
      lines: parsed.lines.flatMap((line, index) => {
        const result = results[index];
        return result ? [{ input: line, result }] : [];
      }),
      unreadable: parsed.unreadable,
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void check(input);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(null);
    if (!file) return;
    if (file.size > QUICK_ORDER_MAX_FILE_BYTES) {
      setFileError(text.fileTooLarge);
      return;
    }
    let content: string;
    try {
      content = await file.text();
    } catch {
      setFileError(text.fileUnreadable);
      return;
    }
    // A CSV file is one more way to give the lines: they show in the box and are checked.
    setInput(content);
    await check(content);
  };

  const valid = checked?.lines.filter(
    (line): line is CheckedLine & { result: { product: Product } } =>
      !line.result.error && line.result.product !== undefined,
  );

  const addValid = () => {
    if (!valid || valid.length === 0) return;
    const catalog = valid.map((line) => line.result.product);
    const result = putBack(
      valid.map((line) => ({
        productId: line.result.product._id,
        productName: line.result.product.name,
        quantity: line.result.quantity,
      })),
      catalog,
    );
    setAdded(result);
  };

  const problems = checked
    ? checked.lines.length - (valid?.length ?? 0) + checked.unreadable.length
    : 0;

  return (
    <div className="space-y-6">
      <p className="max-w-prose">{text.intro}</p>
      <form onSubmit={onSubmit} className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="form-control space-y-1">
          <label htmlFor={inputId} className="font-semibold">
            {text.linesLabel}
          </label>
          <p id={`${inputId}-hint`} className="text-base-content/80 text-sm">
            {text.linesHint}
          </p>
          <textarea
            id={inputId}
            className="textarea textarea-bordered h-48 w-full font-mono"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            aria-describedby={`${inputId}-hint${nothing ? ` ${inputId}-nothing` : ''}`}
            aria-invalid={nothing || undefined}
            spellCheck={false}
            autoCapitalize="characters"
          />
          {nothing && (
            <p id={`${inputId}-nothing`} role="alert" className="text-error text-sm">
              {text.nothingToCheck}
            </p>
          )}
        </div>
        <div className="space-y-1">
          <label htmlFor={fileId} className="font-semibold">
            {text.fileLabel}
          </label>
          <p id={`${fileId}-hint`} className="text-base-content/80 text-sm">
            {text.fileHint}
          </p>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="file-input file-input-bordered w-full"
            aria-describedby={`${fileId}-hint`}
            onChange={(event) => void onFile(event)}
          />
          {fileError && (
            <p role="alert" className="text-error text-sm">
              {fileError}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3 lg:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={lookup.isPending}>
            {lookup.isPending ? text.checking : text.check}
          </button>
          {lookup.isError && (
            <p role="alert" className="text-error text-sm">
              {errorMessage(lookup.error) || text.checkFailed}
            </p>
          )}
        </div>
      </form>

      {checked && (
        <section aria-labelledby="quick-order-results" className="space-y-4">
          <h2
            id="quick-order-results"
            ref={resultsHeading}
            tabIndex={-1}
            className="text-xl font-semibold outline-none"
          >
            {text.resultsHeading}
          </h2>
          <p role="status">{text.summary(valid?.length ?? 0, problems)}</p>
          {checked.unreadable.length > 0 && (
            <div className="alert alert-warning">
              {/* One child: daisyUI's alert is a grid that would put the list beside the title. */}
              <div className="space-y-1">
                <h3 className="font-semibold">{text.unreadableHeading}</h3>
                <ul className="list-disc pl-5">
                  {checked.unreadable.map((line) => (
                    <li key={`${line.row}-${line.reason}`}>
                      {text.unreadableRow(line.row, line.text, line.reason)}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
          {checked.lines.length > 0 && (
            <DataTable label={text.resultsHeading} columns={COLUMNS}>
              <tbody>
                {checked.lines.map((line) => (
                  <ResultRow key={line.input.rows.join('-')} line={line} />
                ))}
              </tbody>
            </DataTable>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className="btn btn-primary"
              disabled={!valid || valid.length === 0}
              onClick={addValid}
            >
              {text.addValid(valid?.length ?? 0)}
            </button>
            <Link to={paths.orderList.to()} className="btn btn-ghost">
              {text.viewOrderList}
            </Link>
          </div>
          {added && (
            <div
              ref={addedRef}
              tabIndex={-1}
              role="status"
              className={`alert ${added.skipped.length > 0 ? 'alert-warning' : 'alert-success'} outline-none`}
            >
              <div className="space-y-1">
                {added.added > 0 && <p className="font-semibold">{text.added(added.added)}</p>}
                {added.skipped.length > 0 && (
                  <>
                    <p className="font-semibold">{text.notAddedHeading}</p>
                    <ul className="list-disc pl-5">
                      {added.skipped.map(({ name, why }) => (
                        <li key={name}>{text.notAdded(name, why)}</li>
                      ))}
                    </ul>
                  </>
                )}
                <Link to={paths.orderList.to()} className="link">
                  {text.viewOrderList}
                </Link>
              </div>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

function ResultRow({ line }: { line: CheckedLine }) {
  const { input, result } = line;
  return (
    <tr>
      <RowHeader label={text.sku}>
        <span className="font-mono">{result.sku}</span>
        <span className="text-base-content/80 block text-xs">{text.rows(input.rows)}</span>
      </RowHeader>
      <Cell label={text.product}>
        {result.product ? (
          <Link to={paths.product.to(result.product._id)} className="link">
            {result.product.name}
          </Link>
        ) : (
          <NoValue />
        )}
      </Cell>
      <Cell label={text.quantity}>{formatQuantity(result.quantity)}</Cell>
      <Cell label={text.unitPrice}>
        {result.unitPrice === undefined ? <NoValue /> : formatPrice(result.unitPrice)}
      </Cell>
      <Cell label={text.lineTotal}>
        {result.lineTotal === undefined ? <NoValue /> : formatPrice(result.lineTotal)}
      </Cell>
      <Cell label={text.result}>
        {result.error ? (
          <span className="text-error font-semibold">{result.error.message}</span>
        ) : (
          <span className="text-success-content bg-success rounded-field inline-block px-2 text-sm font-semibold">
            {text.ok}
          </span>
        )}
      </Cell>
    </tr>
  );
}
