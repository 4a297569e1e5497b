import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DeferredBarChart, DeferredLineChart } from './deferred-chart';

/** How many charts were on the page as each chart was committed, in the order they were. */
let seen: number[] = [];

// The library stands in for recharts: a chart that says how many charts the page held as it was drawn.
vi.mock('./chart-library', () => {
  function Chart({ dataKey }: { dataKey: string }) {
    useEffect(() => {
      seen.push(document.querySelectorAll('[data-testid="chart"]').length);
    }, []);
    return <div data-testid="chart">{dataKey}</div>;
  }
  return { BarChart: Chart, LineChart: Chart };
});

const chart = (label: string) => (
  <DeferredBarChart
    h={100}
    data={[]}
    dataKey={label}
    series={[]}
    label={label}
    describedBy={`${label}-table`}
  />
);

// jsdom has no IntersectionObserver: a chart's place is on screen unless inside `data-below`.
class OnScreen {
  constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
  observe(element: Element) {
    setTimeout(() => this.report([{ isIntersecting: !element.closest('[data-below]') }]));
  }
  disconnect() {}
}

beforeEach(() => {
  seen = [];
  vi.stubGlobal('IntersectionObserver', OnScreen);
});

describe('a deferred chart', () => {
  it('is a named image from the start, then its charts are drawn one per turn', async () => {
    render(
      <MantineProvider>
        {chart('hours')}
        <DeferredLineChart
          h={100}
          data={[]}
          dataKey="scores"
          series={[]}
          label="scores"
          describedBy="scores-table"
        />
      </MantineProvider>,
    );
    const image = screen.getByRole('img', { name: 'hours' });
    expect(image.getAttribute('aria-describedby')).toBe('hours-table');
    expect(screen.queryAllByTestId('chart')).toHaveLength(0);

    await waitFor(() => expect(screen.queryAllByTestId('chart')).toHaveLength(2));
    // Each was committed alone: the first saw itself only.
    await waitFor(() => expect(seen).toEqual([1, 2]));
    expect(screen.getByRole('img', { name: 'scores' }).textContent).toBe('scores');
  });

  it('below the screen, waits for the reader to scroll', async () => {
    render(
      <MantineProvider>
        {chart('near')}
        <div data-below>{chart('below')}</div>
      </MantineProvider>,
    );
    await waitFor(() => expect(screen.getByRole('img', { name: 'near' }).textContent).toBe('near'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('img', { name: 'below' }).textContent).toBe('');
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(screen.getByRole('img', { name: 'below' }).textContent).toBe('below'));
    await waitFor(() => expect(seen).toEqual([1, 2]));
  });

  it('gives its turn back when it leaves the page before it is drawn', async () => {
    const view = render(<MantineProvider>{chart('gone')}</MantineProvider>);
    view.unmount();
    render(<MantineProvider>{chart('kept')}</MantineProvider>);
    await waitFor(() => expect(screen.getByRole('img', { name: 'kept' }).textContent).toBe('kept'));
    await waitFor(() => expect(seen).toEqual([1]));
  });
});
