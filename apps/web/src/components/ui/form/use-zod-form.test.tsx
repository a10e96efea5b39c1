import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client';
import { fieldPaths, useZodForm } from './use-zod-form';

describe('fieldPaths', () => {
  it('names every field as the server does, rows of field arrays too', () => {
    expect(
      fieldPaths({ name: '', specs: [{ name: 'a', value: 'b' }], priceBreaks: [], sku: '' }),
    ).toEqual(['name', 'specs.0.name', 'specs.0.value', 'sku']);
  });
});

const schema = z
  .object({ first: z.string().min(1, 'First is required'), second: z.string() })
  .refine((values) => values.first !== values.second, { message: 'Both are the same' });

function Probe({ onValid, serverError }: { onValid: () => void; serverError?: unknown }) {
  const form = useZodForm(schema, { defaultValues: { first: '', second: '' } });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(() => {
        if (serverError) form.showFieldErrors(serverError);
        else onValid();
      })}
    >
      <label htmlFor="first">First</label>
      <input id="first" {...form.register('first')} />
      {errors.first && <p>{errors.first.message}</p>}
      <label htmlFor="second">Second</label>
      <input id="second" {...form.register('second')} />
      {errors.second && <p>{errors.second.message}</p>}
      {errors.root && <p role="alert">{errors.root.message}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useZodForm', () => {
  it('says a field error once the field is left', async () => {
    render(<Probe onValid={vi.fn()} />);
    await userEvent.click(screen.getByLabelText('First'));
    expect(screen.queryByText('First is required')).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText('First is required')).toBeInTheDocument();
  });

  it('shows an issue about the whole form as its root error and does not submit', async () => {
    const onValid = vi.fn();
    render(<Probe onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('First'), 'same');
    await userEvent.type(screen.getByLabelText('Second'), 'same');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Both are the same');
    expect(onValid).not.toHaveBeenCalled();
  });

  it("puts a server 400's field errors under the fields it names, ignoring others", async () => {
    const error = new ApiRequestError(400, 'validation_failed', 'Invalid input', {
      second: 'Second is taken',
      unknown: 'Not a field here',
    });
    render(<Probe onValid={vi.fn()} serverError={error} />);
    await userEvent.type(screen.getByLabelText('First'), 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Second is taken')).toBeInTheDocument();
    expect(screen.queryByText('Not a field here')).toBeNull();
  });
});
