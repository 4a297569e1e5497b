// What the courses area uses of the lesson catalogue: the lesson list, its filter bar and row buttons.
export { useLessons } from './api/get-lessons';
export { catalogFilters, catalogWhere, ListFilters } from './components/list-filters';
export { RowActions } from './components/row-actions';
