// What other areas use of the progress stage: its plan and applications, on a student's page (issue 31).
export { ProgressStageView } from './components/progress-stage-view';
