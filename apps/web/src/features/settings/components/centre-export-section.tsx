import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DownloadProgressButton, useFileDownload } from '@/components/file-download';
import { downloadCentreExport } from '../api/settings';
import { SettingsSection } from './settings-section';

/** "Export the centre's data" (issue 33): one button that downloads the whole centre as a zip. */
export function CentreExportSection() {
  const { t } = useTranslation('settings');
  const download = useFileDownload(t('export.failed'));
  return (
    <SettingsSection title={t('export.title')} description={t('export.intro')}>
      {download.progress ? (
        <DownloadProgressButton
          progress={download.progress}
          label={(figures) => t('export.progress', figures)}
          testId="centre-export-progress"
        />
      ) : (
        <Button
          leftSection={<IconDownload size={18} />}
          onClick={() => void download.start(downloadCentreExport)}
        >
          {t('export.download')}
        </Button>
      )}
    </SettingsSection>
  );
}
