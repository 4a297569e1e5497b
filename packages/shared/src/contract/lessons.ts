import { okResponse } from '../schemas/common.ts';
import {
  createLessonBody,
  deleteLessonBody,
  editLessonBody,
  lessonLabels,
  lessonLabelsQuery,
  lessonList,
  lessonSaved,
} from '../schemas/lessons.ts';
import { listQuery } from '../schemas/list-query.ts';
import { defineEndpoint } from './define.ts';

/** Lessons (SPEC §7 Lessons): every staff role reads them; Admin, SchedulingAdmin and TeamLeader manage them. */
export const lessonsContract = {
  list: defineEndpoint({
    name: 'lessons.list',
    method: 'POST',
    path: 'lesson/getAll',
    aliases: ['admin_lessons'],
    body: listQuery,
    response: lessonList,
    access: 'lessons.read',
    listColumns: {
      name: { type: 'text' },
      title: { type: 'text' },
      subTitle: { type: 'text', sortable: false },
      level: { type: 'enum' },
      baseType: { type: 'enum' },
      teachingTimeInHour: { type: 'number' },
      createMoment: { type: 'time' },
    },
    summary:
      'Lessons, paged, searched and filtered (name, title, subTitle, level, baseType); newest first by default.',
  }),
  create: defineEndpoint({
    name: 'lessons.create',
    method: 'POST',
    path: 'lesson/create',
    aliases: ['create_lesson'],
    body: createLessonBody,
    response: lessonSaved,
    access: 'lessons.manage',
    summary:
      'Creates a lesson; the same name, title and subtitle at the same level and base type is refused.',
  }),
  edit: defineEndpoint({
    name: 'lessons.edit',
    method: 'PUT',
    path: 'lesson/edit',
    aliases: ['edit_lesson'],
    body: editLessonBody,
    response: lessonSaved,
    access: 'lessons.manage',
    summary: 'Edits every field of a lesson.',
  }),
  delete: defineEndpoint({
    name: 'lessons.delete',
    method: 'DELETE',
    path: 'lesson/delete',
    aliases: ['delete_lesson'],
    body: deleteLessonBody,
    response: okResponse,
    access: 'lessons.manage',
    summary: 'Deletes a lesson; refused while a course (specification) or a classroom uses it.',
  }),
  titles: defineEndpoint({
    name: 'lessons.titles',
    method: 'GET',
    path: 'lesson/getTitles',
    aliases: ['lessons_title'],
    query: lessonLabelsQuery,
    response: lessonLabels,
    access: 'lessons.read',
    summary: 'The distinct lesson titles, sorted, optionally of one level or base type (for filters).',
  }),
  names: defineEndpoint({
    name: 'lessons.names',
    method: 'GET',
    path: 'lesson/getNames',
    aliases: ['lessons_names'],
    query: lessonLabelsQuery,
    response: lessonLabels,
    access: 'lessons.read',
    summary: 'The distinct lesson names, sorted, optionally of one level or base type (for filters).',
  }),
};
