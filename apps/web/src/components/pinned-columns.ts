import classes from './pinned-columns.module.css';

/** Spread on a `DataTable` column: it stays at the table's start while the rest scrolls sideways. */
export const pinnedStart = { titleClassName: classes.start, cellsClassName: classes.start } as const;

/** Spread on a `DataTable` column: it stays at the table's end (the row menu) while the rest scrolls. */
export const pinnedEnd = { titleClassName: classes.end, cellsClassName: classes.end } as const;
