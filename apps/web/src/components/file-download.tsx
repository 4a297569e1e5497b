import { Button, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError, type DownloadProgress } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';

type FileRun = (
  onProgress: (progress: DownloadProgress) => void,
) => Promise<{ blob: Blob; fileName: string }>;

/** Saves a file the page holds (a download link clicked for the user). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * An authenticated download (an export) that counts how far it has come, then saves the file; a
 * refusal shows the server's text, any other failure `failedText`.
 */
export function useFileDownload(failedText: string) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const start = async (run: FileRun) => {
    setProgress({ bytes: 0, totalRows: null });
    try {
      const file = await run(setProgress);
      saveFile(file.blob, file.fileName);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : failedText);
    } finally {
      setProgress(null);
    }
  };
  return { progress, start };
}

/** The button while a download runs: its label is the progress, kilobytes so far and the file's rows. */
export function DownloadProgressButton({
  progress,
  label,
  testId,
}: {
  progress: DownloadProgress;
  label: (figures: { size: string; rows: string }) => string;
  testId: string;
}) {
  const number = new Intl.NumberFormat(currentLanguage());
  return (
    // Not Mantine's `loading`: it hides the label, and the label is the progress.
    <Button variant="default" disabled aria-busy leftSection={<Loader size="xs" type="dots" />}>
      <Text size="sm" data-testid={testId}>
        {label({
          size: number.format(Math.round(progress.bytes / 1024)),
          rows: progress.totalRows === null ? '…' : number.format(progress.totalRows),
        })}
      </Text>
    </Button>
  );
}
