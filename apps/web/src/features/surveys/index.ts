// What the app shell uses of the surveys area: the student panel's badge of unanswered surveys.
export { SurveyPendingBadge } from './components/survey-pending-badge';
