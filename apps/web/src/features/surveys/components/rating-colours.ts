import type { SurveyRating } from '@tutoria/shared';

/**
 * One colour per answer level, red (very weak) to green (very good): the chart's bars, its legend
 * and the table's swatches use the same (apart from the chart, so the table needs no chart code).
 */
export const ratingColours: Record<SurveyRating, string> = {
  veryWeak: 'red.6',
  weak: 'orange.5',
  medium: 'yellow.5',
  good: 'teal.5',
  veryGood: 'green.7',
};
