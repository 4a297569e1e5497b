import { Button, Loader, Menu, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ExportFormat } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type DownloadProgress } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';

export type ExportRun = (
  format: ExportFormat,
  onProgress: (progress: DownloadProgress) => void,
) => Promise<{ blob: Blob; fileName: string }>;

function saveFile(blob: Blob, fileName: string) {
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
 * "Export" (XLSX / CSV) of exactly what the list shows: an authenticated download that shows
 * how far it has come (bytes so far, and the rows the file holds), then saves the file.
 */
export function ExportMenu({ run }: { run: ExportRun }) {
  const { t } = useTranslation('finance');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const number = new Intl.NumberFormat(currentLanguage());

  const start = async (format: ExportFormat) => {
    setProgress({ bytes: 0, totalRows: null });
    try {
      const file = await run(format, setProgress);
      saveFile(file.blob, file.fileName);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('exports.failed'));
    } finally {
      setProgress(null);
    }
  };

  if (progress) {
    return (
      // Not Mantine's `loading`: it hides the label, and the label is the progress.
      <Button variant="default" disabled aria-busy leftSection={<Loader size="xs" type="dots" />}>
        <Text size="sm" data-testid="export-progress">
          {t('exports.progress', {
            size: number.format(Math.round(progress.bytes / 1024)),
            rows: progress.totalRows === null ? '…' : number.format(progress.totalRows),
          })}
        </Text>
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={18} />}>
          {t('exports.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void start('xlsx')}>{t('exports.xlsx')}</Menu.Item>
        <Menu.Item onClick={() => void start('csv')}>{t('exports.csv')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
