import { Button, Group } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

/**
 * The admin week's next teachers (issue 30): a button below the calendar, pressed or scrolled to.
 * The observer's first report is where the button stands on arrival: only a scroll down to it
 * loads more, so a tall screen does not load every page by itself.
 */
export function MoreTeachers({
  shown,
  total,
  onMore,
}: {
  shown: number;
  total?: number;
  onMore: () => void;
}) {
  const { t } = useTranslation('schedule');
  const ref = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  }, [onMore]);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let arrival = true;
    const observer = new IntersectionObserver(([entry]) => {
      if (!arrival && entry?.isIntersecting) more.current();
      arrival = false;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Group ref={ref} justify="center">
      <Button variant="default" onClick={onMore}>
        {total === undefined
          ? t('more.plain')
          : t('more.button', { shown: formatNumber(shown), total: formatNumber(total) })}
      </Button>
    </Group>
  );
}
