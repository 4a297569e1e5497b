import '@mantine/core/styles/Skeleton.layer.css';
import type { BarChartProps, LineChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import {
  lazy,
  type ReactNode,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

const loadLibrary = () => import('./chart-library');
const BarChart = lazy(() => loadLibrary().then((m) => ({ default: m.BarChart })));
const LineChart = lazy(() => loadLibrary().then((m) => ({ default: m.LineChart })));

/** A chart waiting for its turn to be drawn. */
interface Waiting {
  element: HTMLElement;
  draw: () => void;
}

/** How near the viewport a chart's place must come for its turn, before any scroll. */
const NEAR = '200px 0px';
/** Any scroll on the page, a table's or a panel's too. */
const listening = { capture: true, passive: true } as const;

const waiting = new Set<Waiting>();
/** A turn is scheduled: no other is. */
let scheduled = false;
/** The chart being drawn: the next turn comes once it is on screen, or gone. */
let drawing: Waiting | null = null;

/** How far an element is from the viewport, in pixels (0: on screen). */
function distanceFromViewport(element: HTMLElement): number {
  const { top, bottom } = element.getBoundingClientRect();
  if (bottom < 0) return -bottom;
  return Math.max(0, top - window.innerHeight);
}

/**
 * Draws the waiting chart nearest the viewport after the next frame is painted, in a task of its
 * own (a frame, then a timer): the page's own content is on screen before any chart, and no task
 * draws two charts.
 */
function nextTurn(): void {
  if (scheduled || drawing || waiting.size === 0) return;
  scheduled = true;
  requestAnimationFrame(() =>
    setTimeout(() => {
      scheduled = false;
      const nearest = [...waiting]
        .map((w) => ({ w, distance: distanceFromViewport(w.element) }))
        .sort((a, b) => a.distance - b.distance)[0]?.w;
      if (!nearest) return;
      waiting.delete(nearest);
      drawing = nearest;
      // A transition: React renders the chart in slices and can answer input between them.
      startTransition(nearest.draw);
    }),
  );
}

function turnOver(entry: Waiting): void {
  if (drawing !== entry) return;
  drawing = null;
  nextTurn();
}

/** Ends its chart's turn once committed (not while the chart waits for the library's code). */
function Drawn({ onDrawn, children }: { onDrawn: () => void; children: ReactNode }) {
  useEffect(() => onDrawn(), [onDrawn]);
  return children;
}

/**
 * Where a chart is drawn (issue 30): the chart is one image to a screen reader from the start, named
 * `label` and described by the table `describedBy` (its figures, there before the chart is drawn);
 * a skeleton of the chart's height holds its place until its turn. Charts are drawn one per task,
 * nearest the viewport first, so that no long task draws them all together; a chart below the
 * screen waits for the reader to scroll (a phone's first screen holds the figures, not the charts).
 */
function ChartSlot({
  h,
  label,
  describedBy,
  children,
}: {
  h: number;
  label: string;
  describedBy: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const entry = useRef<Waiting | null>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    // The code is fetched while the chart waits for its turn.
    void loadLibrary().catch(() => undefined);
    const mine: Waiting = { element: ref.current!, draw: () => setDrawn(true) };
    entry.current = mine;
    let joined = false;
    const join = () => {
      if (joined) return;
      joined = true;
      observer.disconnect();
      window.removeEventListener('scroll', join, listening);
      waiting.add(mine);
      nextTurn();
    };
    // In line once near the screen, or once the reader scrolls (then all, nearest first).
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((s) => s.isIntersecting)) join();
      },
      { rootMargin: NEAR },
    );
    observer.observe(mine.element);
    window.addEventListener('scroll', join, listening);
    // A chart taken off the page before it was drawn gives its turn back.
    return () => {
      joined = true;
      observer.disconnect();
      window.removeEventListener('scroll', join, listening);
      waiting.delete(mine);
      turnOver(mine);
    };
  }, []);
  const onDrawn = useCallback(() => {
    if (entry.current) turnOver(entry.current);
  }, []);
  const placeholder = <Skeleton h={h} />;
  return (
    <div ref={ref} role="img" aria-label={label} aria-describedby={describedBy}>
      {drawn ? (
        <Suspense fallback={placeholder}>
          <Drawn onDrawn={onDrawn}>{children}</Drawn>
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/** What a deferred chart takes beyond its library props: its height, name and description. */
interface Image {
  h: number;
  label: string;
  describedBy: string;
}
type Omitted = 'h' | 'role' | 'aria-label' | 'aria-describedby' | 'accessibilityLayer';

export function DeferredBarChart({ label, describedBy, ...props }: Omit<BarChartProps, Omitted> & Image) {
  return (
    <ChartSlot h={props.h} label={label} describedBy={describedBy}>
      <BarChart {...props} accessibilityLayer={false} />
    </ChartSlot>
  );
}

export function DeferredLineChart({ label, describedBy, ...props }: Omit<LineChartProps, Omitted> & Image) {
  return (
    <ChartSlot h={props.h} label={label} describedBy={describedBy}>
      <LineChart {...props} accessibilityLayer={false} />
    </ChartSlot>
  );
}
