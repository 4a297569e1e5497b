import { Button, Loader, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type DownloadProgress } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { downloadCentreExport } from '../api/settings';
import { SettingsSection } from './settings-section';

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

/** "Export the centre's data" (issue 33): one button that downloads the whole centre as a zip. */
export function CentreExportSection() {
  const { t } = useTranslation('settings');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const number = new Intl.NumberFormat(currentLanguage());

  const start = async () => {
    setProgress({ bytes: 0, totalRows: null });
    try {
      const file = await downloadCentreExport(setProgress);
      saveFile(file.blob, file.fileName);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('export.failed'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <SettingsSection title={t('export.title')} description={t('export.intro')}>
      {progress ? (
        // Not Mantine's `loading`: it hides the label, and the label is the progress.
        <Button variant="default" disabled aria-busy leftSection={<Loader size="xs" type="dots" />}>
          <Text size="sm" data-testid="centre-export-progress">
            {t('export.progress', {
              size: number.format(Math.round(progress.bytes / 1024)),
              rows: progress.totalRows === null ? '…' : number.format(progress.totalRows),
            })}
          </Text>
        </Button>
      ) : (
        <Button leftSection={<IconDownload size={18} />} onClick={() => void start()}>
          {t('export.download')}
        </Button>
      )}
    </SettingsSection>
  );
}
