import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../test/render';
import { ExportMenu, type ExportRun } from './export-menu';

afterEach(() => vi.restoreAllMocks());

describe('the export menu', () => {
  it('shows how far the download has come in a label that stays readable, then saves the file', async () => {
    let finish: (file: { blob: Blob; fileName: string }) => void = () => {};
    const run = vi.fn<ExportRun>((_format, onProgress) => {
      onProgress({ bytes: 3 * 1024, totalRows: 1234 });
      return new Promise((resolve) => (finish = resolve));
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.href} ${this.download}`);
    });
    renderInApp(<ExportMenu run={run} />);

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    expect(run).toHaveBeenCalledWith('xlsx', expect.any(Function));
    const progress = await screen.findByText('Downloading 3 KB of 1,234 rows…');
    const button = progress.closest('button')!;
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    // Mantine's loading state hides a button's label: the progress must not be behind it.
    expect(button.hasAttribute('data-loading')).toBe(false);

    finish({ blob: new Blob(['x']), fileName: 'Deposits-2026-11-24.xlsx' });
    await screen.findByRole('button', { name: 'Export' });
    await waitFor(() => expect(saved).toEqual(['blob:export Deposits-2026-11-24.xlsx']));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('export-progress')).toBeNull();
  });
});
