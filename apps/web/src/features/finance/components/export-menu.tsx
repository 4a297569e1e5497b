import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ExportFormat } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import type { DownloadProgress } from '@/lib/api-client';
import { DownloadProgressButton, useFileDownload } from '@/components/file-download';

export type ExportRun = (
  format: ExportFormat,
  onProgress: (progress: DownloadProgress) => void,
) => Promise<{ blob: Blob; fileName: string }>;

/**
 * "Export" (XLSX / CSV) of exactly what the list shows: an authenticated download that shows
 * how far it has come (bytes so far, and the rows the file holds), then saves the file.
 */
export function ExportMenu({ run }: { run: ExportRun }) {
  const { t } = useTranslation('finance');
  const download = useFileDownload(t('exports.failed'));
  const start = (format: ExportFormat) => download.start((onProgress) => run(format, onProgress));

  if (download.progress) {
    return (
      <DownloadProgressButton
        progress={download.progress}
        label={(figures) => t('exports.progress', figures)}
        testId="export-progress"
      />
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
