import '@mantine/core/styles/Menu.layer.css';
import { Button, Group, Menu } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import type { ExportFormat } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '@/components/file-download';
import { notifyError, notifySuccess } from '@/lib/notify';
import { type ReportSheet, sheetFile } from '@/lib/sheet-file';
import classes from './report-print.module.css';

/**
 * A report's export (XLSX or CSV of the table it shows, SPEC §7) and print (the page without the
 * app's chrome). `sheet` may fetch what the page does not hold (every page of a list); after the
 * file is saved, 'Report generated successfully' (SPEC §8).
 */
export function ReportActions({
  fileName,
  sheet,
  disabled,
}: {
  /** Without extension: "teaching-hours-2026-03". */
  fileName: string;
  sheet: () => ReportSheet | Promise<ReportSheet>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('centreReports');
  const [busy, setBusy] = useState(false);
  const generate = async (format: ExportFormat) => {
    setBusy(true);
    try {
      saveFile(sheetFile(format, await sheet()), `${fileName}.${format}`);
      notifySuccess(t('exported'));
    } catch (error) {
      notifyError(error instanceof Error && error.message ? error.message : t('exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" className={classes.hideOnPrint} data-testid="report-actions">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            loading={busy}
            disabled={disabled}
          >
            {t('export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void generate('xlsx')}>{t('exportXlsx')}</Menu.Item>
          <Menu.Item onClick={() => void generate('csv')}>{t('exportCsv')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
        {t('print')}
      </Button>
    </Group>
  );
}
