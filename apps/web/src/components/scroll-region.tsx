import '@mantine/core/styles/ScrollArea.layer.css';
import { Table, type TableScrollContainerProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Props for a box that scrolls (a wide table's viewport): keyboard users reach it with Tab and
 * scroll it with the arrow keys, and a screen reader names it (axe `scrollable-region-focusable`,
 * WCAG 2.1.1). `label` names what scrolls; without it, "Table (scrolls sideways)".
 */
export function useScrollRegionProps(label?: string) {
  const { t } = useTranslation('common');
  return { tabIndex: 0, role: 'region', 'aria-label': label ?? t('table.scrollRegion') } as const;
}

/** `Table.ScrollContainer` whose scrolling viewport is a named, focusable region. */
export function TableScroll({
  label,
  scrollAreaProps,
  ...props
}: TableScrollContainerProps & { label?: string }) {
  const region = useScrollRegionProps(label);
  return <Table.ScrollContainer {...props} scrollAreaProps={{ ...scrollAreaProps, viewportProps: region }} />;
}
