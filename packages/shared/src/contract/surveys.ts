import { listQuery } from '../schemas/list-query.ts';
import {
  closeSurveyRoundBody,
  createSurveyQuestionBody,
  editSurveyQuestionBody,
  openSurveyRoundBody,
  removeSurveyQuestionBody,
  reorderSurveyQuestionsBody,
  setSurveyBody,
  studentSurvey,
  surveyQuestionChanged,
  surveyQuestions,
  surveyReport,
  surveyReportQuery,
  surveyRoundChanged,
  surveyRoundList,
  surveySaved,
} from '../schemas/surveys.ts';
import { defineEndpoint } from './define.ts';

/**
 * Surveys (SPEC §3 Survey, §7 "Course plans and surveys", issue 12). Admin and TeamLeader
 * (`surveys.manage`) write the questions and open and close rounds; a student (`surveys.answer`)
 * rates each class and teacher they studied with in the open round (the questions it opened
 * with, in their language); the report is aggregated, its comments anonymous, a teacher
 * (`surveys.readReport`) reading only their own and only from three answers on.
 */
export const surveysContract = {
  questions: defineEndpoint({
    name: 'surveys.questions',
    method: 'GET',
    path: 'survey/questions',
    response: surveyQuestions,
    access: 'surveys.manage',
    summary:
      "The current survey questions in their order: each with its English and Chinese texts and `text` in the caller's language (else the other).",
  }),
  createQuestion: defineEndpoint({
    name: 'surveys.createQuestion',
    method: 'POST',
    path: 'survey/createQuestion',
    body: createSurveyQuestionBody,
    response: surveyQuestionChanged,
    access: 'surveys.manage',
    summary:
      'Adds a question at the end of the list: its English and Chinese texts (each up to 300 characters, at least one written). It joins the next round, not an open one.',
  }),
  editQuestion: defineEndpoint({
    name: 'surveys.editQuestion',
    method: 'PUT',
    path: 'survey/editQuestion',
    body: editSurveyQuestionBody,
    response: surveyQuestionChanged,
    access: 'surveys.manage',
    summary: "Changes a question's English and Chinese texts (at least one); its answers stay.",
  }),
  reorderQuestions: defineEndpoint({
    name: 'surveys.reorderQuestions',
    method: 'PUT',
    path: 'survey/reorderQuestions',
    body: reorderSurveyQuestionsBody,
    response: surveyQuestions,
    access: 'surveys.manage',
    summary: 'Puts every current question in the order given (exactly the current ones).',
  }),
  removeQuestion: defineEndpoint({
    name: 'surveys.removeQuestion',
    method: 'PUT',
    path: 'survey/removeQuestion',
    body: removeSurveyQuestionBody,
    response: surveyQuestionChanged,
    access: 'surveys.manage',
    summary: 'Removes a question from the survey; answers already given stay in past reports.',
  }),
  rounds: defineEndpoint({
    name: 'surveys.rounds',
    method: 'POST',
    path: 'survey/rounds',
    body: listQuery,
    response: surveyRoundList,
    access: 'surveys.readReport',
    listColumns: {
      title: { type: 'text' },
      startsAt: { type: 'time' },
      endsAt: { type: 'time' },
      createMoment: { type: 'time' },
    },
    summary: "The survey rounds, paged; filter by title and dates (also the report's round picker).",
  }),
  openRound: defineEndpoint({
    name: 'surveys.openRound',
    method: 'POST',
    path: 'survey/openRound',
    body: openSurveyRoundBody,
    response: surveyRoundChanged,
    access: 'surveys.manage',
    summary:
      'Opens a survey round (title, start and end dates) with the current questions, which it keeps; refused while another round is open.',
  }),
  closeRound: defineEndpoint({
    name: 'surveys.closeRound',
    method: 'PUT',
    path: 'survey/closeRound',
    body: closeSurveyRoundBody,
    response: surveyRoundChanged,
    access: 'surveys.manage',
    summary: 'Closes the open round: its answers can no longer be given or changed.',
  }),
  mine: defineEndpoint({
    name: 'surveys.mine',
    method: 'GET',
    path: 'survey/mine',
    aliases: ['getSurvey'],
    response: studentSurvey,
    access: 'surveys.answer',
    summary:
      "The open round's questions (those it opened with, in the caller's language) and the caller's classes and teachers in it (classes with held sessions in the round's dates), with their answers.",
  }),
  answer: defineEndpoint({
    name: 'surveys.answer',
    method: 'PUT',
    path: 'survey/answer',
    aliases: ['setSurvey'],
    body: setSurveyBody,
    response: surveySaved,
    access: 'surveys.answer',
    summary:
      "Rates one class and teacher of the open round: every one of the round's questions on veryWeak…veryGood, an optional comment; changeable until the round closes.",
  }),
  report: defineEndpoint({
    name: 'surveys.report',
    method: 'GET',
    path: 'survey/report',
    aliases: ['getSurveyReport'],
    query: surveyReportQuery,
    response: surveyReport,
    access: 'surveys.readReport',
    summary:
      'Per question of the round the count per rating, the average on 1–5 and the response rate; comments anonymous to everyone (texts only); below 3 answers only the counts, for everyone; a teacher reads only their own; surveys.manage reads all, compares teachers and counts answers per class.',
  }),
};
