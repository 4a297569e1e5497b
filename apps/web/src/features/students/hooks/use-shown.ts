import { useCallback, useRef, useState } from 'react';

/** How far below the screen a section starts loading, so it is there as it scrolls in. */
const AHEAD = '300px 0px';

/**
 * Whether an element has come on screen (or near it) once: a section of the student's page asks
 * for its data only then (issue 31), so the first screen's calls run alone. Where the browser
 * cannot tell (no IntersectionObserver), everything counts as shown.
 */
export function useShown<T extends Element>(): [(node: T | null) => void, boolean] {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (node: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node || shown) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.current?.disconnect();
          setShown(true);
        },
        { rootMargin: AHEAD },
      );
      observer.current.observe(node);
    },
    [shown],
  );
  return [ref, shown];
}
