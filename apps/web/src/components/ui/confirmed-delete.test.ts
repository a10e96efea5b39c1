import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertDeleted, confirmDelete } from './confirm-delete';
import { confirmedDelete } from './confirmed-delete';

vi.mock('./confirm-delete', () => ({
  confirmDelete: vi.fn(async () => true),
  alertDeleted: vi.fn(async () => undefined),
}));

afterEach(() => vi.clearAllMocks());

describe('confirmedDelete', () => {
  it("asks with the text, deletes, then says 'Deleted!' with what else happened", async () => {
    const remove = vi.fn(async () => ({ deletedCount: 1, archived: true }));
    await confirmedDelete({
      text: Promise.resolve('Delete it?'),
      remove,
      deletedText: (result) => (result.archived ? 'Archived.' : undefined),
    });
    expect(confirmDelete).toHaveBeenCalledWith('Delete it?');
    expect(remove).toHaveBeenCalledOnce();
    expect(alertDeleted).toHaveBeenCalledWith('Archived.');
  });

  it('deletes nothing when the user cancels', async () => {
    vi.mocked(confirmDelete).mockResolvedValueOnce(false);
    const remove = vi.fn(async () => ({ deletedCount: 1 }));
    await confirmedDelete({ text: 'Delete it?', remove });
    expect(remove).not.toHaveBeenCalled();
    expect(alertDeleted).not.toHaveBeenCalled();
  });

  it("says nothing was deleted when nothing was, and leaves a failure to the caller's toast", async () => {
    await confirmedDelete({ text: 'Delete it?', remove: async () => ({ deletedCount: 0 }) });
    await expect(
      confirmedDelete({
        text: 'Delete it?',
        remove: () => Promise.reject(new Error('refused')),
      }),
    ).resolves.toBeUndefined();
    expect(alertDeleted).not.toHaveBeenCalled();
  });
});
