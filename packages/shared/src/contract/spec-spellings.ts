import type { HttpMethod } from './define.ts';

/**
 * One call of SPEC §7: a name the spec spells (`spelling`, as written, path parameters as `{id}`,
 * with its method where the spec gives one) or a call it only describes (`described`); served by
 * a contract entry (`entry`, `area.action`) or not built yet (`notYetBuilt`: the issue building it).
 */
export type SpecCall = ({ spelling: string; method?: HttpMethod } | { described: string }) &
  ({ entry: string } | { notYetBuilt: number });

/**
 * Every call of SPEC §7 ("The calls it makes"), copied from the spec in its order, both forms
 * where it gives two (DESIGN §3 "Paths"). Written by hand from the spec, never derived from the
 * contract: `apps/server/src/http/spec-spellings.api.test.ts` checks the contract and the server
 * against it (every spelling served, in the OpenAPI document, and the unbuilt ones still 404).
 * Building a call listed as `notYetBuilt` means moving it to its entry here.
 */
export const specCalls: readonly SpecCall[] = [
  // Auth and users
  { method: 'POST', spelling: 'user/login', entry: 'auth.login' },
  { method: 'GET', spelling: 'user/getuser', entry: 'auth.getUser' },
  { method: 'GET', spelling: 'user/isadmin', entry: 'auth.isAdmin' },
  { method: 'PUT', spelling: 'user/ManualChangePassword', entry: 'auth.changePassword' },
  { method: 'POST', spelling: 'auth_change_password', entry: 'auth.changePassword' },
  { method: 'POST', spelling: 'user/renew', entry: 'auth.renew' },
  { method: 'POST', spelling: 'user/requestmoblieverify', entry: 'users.requestPhoneVerify' },
  { method: 'POST', spelling: 'user/verify', entry: 'users.verifyPhone' },
  { method: 'POST', spelling: 'user/oneTimePassword', entry: 'users.oneTimePassword' },
  { method: 'POST', spelling: 'admin_users', entry: 'users.list' },
  { method: 'POST', spelling: 'user/all', entry: 'users.list' },
  { method: 'POST', spelling: 'user_by_base_type', entry: 'users.byRoleAndBaseType' },
  { method: 'POST', spelling: 'user/GetAllByRoleAndBaseType', entry: 'users.byRoleAndBaseType' },
  { method: 'POST', spelling: 'getAcademicConsultants', entry: 'users.consultants' },
  { method: 'POST', spelling: 'user/getAcademicConsultants', entry: 'users.consultants' },
  { method: 'GET', spelling: 'GetCountOfEachRole', entry: 'users.countOfEachRole' },
  { method: 'GET', spelling: 'permissions_per_role', entry: 'auth.permissionsPerRole' },
  { method: 'GET', spelling: 'user/getAllPermissionsOfEachRole', entry: 'auth.permissionsPerRole' },
  { method: 'POST', spelling: 'auth_register', entry: 'users.register' },
  { method: 'POST', spelling: 'user/register', entry: 'users.register' },
  { method: 'PUT', spelling: 'reset_password', entry: 'users.resetPassword' },
  { method: 'PUT', spelling: 'user/resetPassword', entry: 'users.resetPassword' },
  { method: 'PUT', spelling: 'edit_user', entry: 'users.edit' },
  { method: 'PUT', spelling: 'user/editUser', entry: 'users.edit' },
  { method: 'DELETE', spelling: 'auth_delete', entry: 'users.delete' },
  { method: 'DELETE', spelling: 'user/deleteUserByPublicKey', entry: 'users.delete' },
  { method: 'GET', spelling: 'getLoginHistory', entry: 'users.loginHistory' },
  { method: 'GET', spelling: 'user/getUsersLoginDatesHistory', entry: 'users.loginHistory' },
  { method: 'PUT', spelling: 'archiveUser', entry: 'users.archive' },
  { method: 'PUT', spelling: 'user/ArchiveUser', entry: 'users.archive' },

  // Lessons
  { method: 'POST', spelling: 'admin_lessons', entry: 'lessons.list' },
  { method: 'POST', spelling: 'create_lesson', entry: 'lessons.create' },
  { method: 'PUT', spelling: 'edit_lesson', entry: 'lessons.edit' },
  { method: 'DELETE', spelling: 'delete_lesson', entry: 'lessons.delete' },
  { method: 'GET', spelling: 'lessons_title', entry: 'lessons.titles' },
  { method: 'GET', spelling: 'lessons_names', entry: 'lessons.names' },

  // Specifications and course files
  { method: 'POST', spelling: 'admin_specifications', entry: 'specifications.list' },
  { method: 'POST', spelling: 'create_specification', entry: 'specifications.create' },
  { method: 'PUT', spelling: 'edit_specification', entry: 'specifications.edit' },
  { method: 'DELETE', spelling: 'delete_specification', entry: 'specifications.delete' },
  { method: 'POST', spelling: 'uploadCourseFiles', entry: 'specifications.uploadCourseFiles' },
  { method: 'DELETE', spelling: 'deleteCourseFile/{id}', entry: 'specifications.deleteCourseFile' },
  { method: 'POST', spelling: 'getEvaluationTestSpecifications', entry: 'specifications.evaluationTests' },

  // Classes
  { method: 'POST', spelling: 'admin_classes', entry: 'classes.list' },
  { method: 'POST', spelling: 'admin_classes_teacher', entry: 'classes.listOfTeacher' },
  { method: 'POST', spelling: 'classRoom/getAllClassRooms', entry: 'classes.list' },
  { spelling: 'classRoom/getClassroom', entry: 'classes.get' },
  { method: 'POST', spelling: 'GetAllClassroomsFilteredByDate', entry: 'classes.filteredByDate' },
  { described: 'GET classroom times state', entry: 'classes.timesState' },
  { described: 'GET not-available student times', entry: 'classes.notAvailableStudents' },
  { described: 'GET not-available rooms', entry: 'classes.notAvailableRooms' },
  { described: 'GET class numbers', entry: 'classes.classNumbers' },
  { described: 'GET classrooms of a user', entry: 'classes.ofUser' },
  { described: 'GET passed lessons', entry: 'classes.passedLessons' },
  { described: 'GET sessions of a lesson', entry: 'classes.sessionsOfLesson' },
  { described: 'GET student balances', entry: 'deposits.classroomCharges' },
  { method: 'POST', spelling: 'createClassRoom', entry: 'classes.create' },
  { described: 'PUT edit class', entry: 'classes.edit' },
  { described: 'PUT times and lessons', entry: 'classes.editTimesAndLessons' },
  { described: 'PUT time detail', entry: 'classes.editTimeDetail' },
  { described: 'PUT exam', entry: 'academic.setExam' },
  { described: 'PUT homework', entry: 'academic.setHomework' },
  { described: 'PUT teaching', entry: 'academic.setTeaching' },
  { described: 'PUT review', entry: 'academic.setReview' },
  { described: 'PUT add lesson', entry: 'classes.addLesson' },
  { described: 'PUT add specification', entry: 'classes.addSpecifications' },
  { described: 'PUT student removal', entry: 'classes.removeStudent' },
  { described: 'PUT presence', entry: 'classes.setPresence' },
  { described: 'PUT teaching day info', entry: 'classes.setTeachingDayInfo' },
  { described: 'PUT cancel time in classroom', entry: 'classes.cancelSession' },
  { described: 'PUT lesson removal', entry: 'classes.removeLesson' },
  { described: 'PUT removing all times', entry: 'classes.removeAllTimes' },
  { described: 'PUT reset session info', entry: 'classes.resetSessionInfo' },
  { described: 'PUT exam removal', entry: 'academic.removeExam' },
  { described: 'PUT adding homework', entry: 'academic.addHomework' },
  { described: 'PUT archive', entry: 'classes.archive' },
  { method: 'DELETE', spelling: 'deleteClassroom', entry: 'classes.disable' },
  { method: 'DELETE', spelling: 'destroyClassroom', entry: 'classes.destroy' },
  { described: 'file upload for homework', entry: 'academic.uploadHomeworkFiles' },
  { described: 'file delete for homework', entry: 'academic.deleteHomeworkFile' },
  { method: 'POST', spelling: 'GenerateAndGetOneTimeLinkForSession', entry: 'academic.createParentLink' },
  { method: 'GET', spelling: 'Report/GetSessionReportOfStudent', entry: 'academic.sessionReport' },

  // Timetable ("getTeacherTimeTableForAdmin or ForTeacher": the second written out)
  { method: 'POST', spelling: 'teacherTimeTable/getTeacherTimeTableForAdmin', entry: 'timetable.getForAdmin' },
  { method: 'POST', spelling: 'teacherTimeTable/getTeacherTimeTableForTeacher', entry: 'timetable.getForTeacher' },
  { method: 'POST', spelling: 'GetTeacherTimeTableFilteredByDate', entry: 'timetable.filteredByDate' },
  { method: 'PUT', spelling: 'cancelTime', entry: 'timetable.cancelTime' },
  { method: 'PUT', spelling: 'EditTimeTable', entry: 'timetable.editTimeTable' },
  { method: 'PUT', spelling: 'editStartOrEndTimeInTimeTable', entry: 'timetable.editStartOrEnd' },
  { method: 'DELETE', spelling: 'RemoveAvailableTimeInTeacherTimeTable', entry: 'timetable.removeAvailableTime' },

  // Notifications
  { method: 'POST', spelling: 'admin_notifications', entry: 'notifications.adminList' },
  { method: 'POST', spelling: 'teacher_notifications', entry: 'notifications.ownList' },
  { method: 'POST', spelling: 'createNotification', entry: 'notifications.create' },
  { method: 'PUT', spelling: 'read_message', entry: 'notifications.read' },

  // Course plans and surveys ("POST get" and "POST upsert" name only the action: docs/decisions.md
  // "Names the spec leaves open" puts them under progressStage/)
  { method: 'PUT', spelling: 'createCoursePlanOfStudent', entry: 'progress.createCoursePlan' },
  { method: 'POST', spelling: 'getStudentCoursePLan', entry: 'progress.studentCoursePlan' },
  { described: 'POST get (where filter on studentPublicKey)', entry: 'progress.list' },
  { described: 'POST upsert', entry: 'progress.upsertCoursePlan' },
  { described: 'DELETE by progressStageApplicationId', entry: 'progress.deleteApplication' },
  { described: 'DELETE by progressStageCoursePlanId', entry: 'progress.deleteCoursePlan' },
  { method: 'GET', spelling: 'getSurvey', entry: 'surveys.mine' },
  { method: 'PUT', spelling: 'setSurvey', entry: 'surveys.answer' },
  { method: 'GET', spelling: 'getSurveyReport', entry: 'surveys.report' },

  // Reports (GET with query; "lesson_name or title _teaching_progress and _review_progress" is four)
  { method: 'GET', spelling: 'pending_homeworks', entry: 'reports.pendingHomeworks' },
  { method: 'GET', spelling: 'completed_homeworks', entry: 'reports.completedHomeworks' },
  { method: 'GET', spelling: 'lesson_name_teaching_progress', entry: 'reports.lessonNameTeachingProgress' },
  { method: 'GET', spelling: 'lesson_name_review_progress', entry: 'reports.lessonNameReviewProgress' },
  { method: 'GET', spelling: 'lesson_title_teaching_progress', entry: 'reports.lessonTitleTeachingProgress' },
  { method: 'GET', spelling: 'lesson_title_review_progress', entry: 'reports.lessonTitleReviewProgress' },
  { method: 'GET', spelling: 'student_exams_score', entry: 'reports.studentExamsScore' },
  { method: 'GET', spelling: 'student_avg_exams_score', entry: 'reports.studentAvgExamsScore' },
  { method: 'GET', spelling: 'students_average_exams_score', entry: 'reports.studentsAverageExamsScore' },
  { method: 'GET', spelling: 'completed_homework_timeline', entry: 'reports.completedHomeworkTimeline' },
  { method: 'GET', spelling: 'getStudentPresentationReport', entry: 'reports.studentPresentationReport' },
  { method: 'GET', spelling: 'getClassroomReportOfStudent', entry: 'reports.classroomReportOfStudent' },
  { method: 'GET', spelling: 'getTotalTeachingHourReport', entry: 'teachingHours.year' },
  { method: 'GET', spelling: 'getEachLevelTotalTeachingHour', entry: 'teachingHours.levels' },
  { method: 'GET', spelling: 'getEachLessonTotalTeachingHour', entry: 'teachingHours.lessons' },
  { method: 'POST', spelling: 'get_tasks_by_public_key', entry: 'reports.studentTasks' },
  { described: 'roll-call reports', entry: 'rollCall.day' },

  // Finance: deposits
  { described: 'deposits: list all or per student (with isConfirmed)', entry: 'deposits.list' },
  { described: 'deposits: create', entry: 'deposits.create' },
  { described: 'deposits: edit', entry: 'deposits.edit' },
  { described: 'deposits: sums', entry: 'deposits.sums' },
  { described: 'deposits: charges by classroom', entry: 'deposits.classroomCharges' },
  { described: 'deposits: student balance', entry: 'deposits.studentBalance' },
  { described: 'deposits: guide for create', entry: 'financeExports.guide' },
  { described: 'deposits: history', entry: 'deposits.history' },
  { described: 'deposits: DELETE with {depositId}', entry: 'deposits.delete' },
  { described: 'deposits: confirm', entry: 'deposits.confirm' },
  { described: 'deposits: confirm by consultant', entry: 'deposits.confirmByConsultant' },
  { described: 'deposits: confirm by financial admin', entry: 'deposits.confirmByFinancialAdmin' },
  { described: 'deposits: debtor students', entry: 'debtors.list' },
  { described: 'deposits: fix confirmation for one classroom', entry: 'deposits.fixConfirmation' },
  { described: 'deposits: fix confirmation for all', entry: 'deposits.fixConfirmationForAll' },
  { described: 'deposits: academic consultant profit (from and to)', entry: 'profit.consultants' },
  { method: 'PUT', spelling: 'classroom/EditStudentsCostForAcademicAdviser', entry: 'prices.editStudentsCost' },
  { method: 'PUT', spelling: 'classroom/UpsertStudentSideCosts', entry: 'sideCosts.upsert' },
  { method: 'PUT', spelling: 'classroom/EditTeacherSalaryForFinancialManager', entry: 'teacherSalary.edit' },

  // Finance: settlements
  { method: 'POST', spelling: 'get_settlements', entry: 'settlements.own' },
  { method: 'POST', spelling: 'get_settlements_all', entry: 'settlements.list' },
  { method: 'POST', spelling: 'create_settlement', entry: 'settlements.create' },
  { method: 'PUT', spelling: 'edit_settlement', entry: 'settlements.edit' },
  { method: 'DELETE', spelling: 'deleteSettlement', entry: 'settlements.delete' },
  { described: 'settlements: GET teacher sum', entry: 'settlements.teacherSum' },
  { described: 'settlements: GET all-teachers sum', entry: 'settlements.allTeachersSum' },
  { described: 'settlements: GET guide for create (teacherPublicKey, toTime, teacherLessonType)', entry: 'settlements.guide' },
  { described: 'settlements: GET classroom balance calculation (plus amount)', entry: 'settlements.classroomBalance' },
  { described: 'settlements: GET teacher report', entry: 'settlements.teacherReport' },
  { described: 'settlements: GET history', entry: 'settlements.history' },
  { described: 'settlements: GET teacher monthly hours', entry: 'settlements.monthlyHours' },
  { described: 'settlements: POST group settlement guide', entry: 'settlements.groupGuide' },
  { described: 'settlements: POST group create', entry: 'settlements.groupCreate' },

  // Finance: transfers
  { method: 'GET', spelling: 'getTransfers', entry: 'transfers.list' },
  { described: 'transfers: POST create transfer', entry: 'transfers.create' },
  { method: 'PUT', spelling: 'editTransfer', entry: 'transfers.edit' },
  { method: 'PUT', spelling: 'confirmTransfer', entry: 'transfers.confirm' },
  { method: 'PUT', spelling: 'transferConfirmedByConsultant', entry: 'transfers.confirmByConsultant' },
  { method: 'PUT', spelling: 'transferConfirmedByFinancialAdmin', entry: 'transfers.confirmByFinancialAdmin' },
  { method: 'DELETE', spelling: 'deleteTransfer', entry: 'transfers.delete' },
  { described: 'transfers: GET classroom balance of a student', entry: 'transfers.classroomBalance' },

  // Finance: contracts
  { method: 'POST', spelling: 'GetAllContracts', entry: 'contracts.list' },
  { method: 'POST', spelling: 'CreateContract', entry: 'contracts.create' },
  { method: 'PUT', spelling: 'EditContract', entry: 'contracts.edit' },
  { method: 'DELETE', spelling: 'DeleteContract', entry: 'contracts.delete' },
  { method: 'GET', spelling: 'GetStudentsContractBalance', entry: 'contracts.studentBalance' },
  { method: 'POST', spelling: 'uploadContractFile', entry: 'contracts.uploadFile' },
  { method: 'POST', spelling: 'file/uploadContractFile', entry: 'contracts.uploadFile' },

  // Finance: teacher fees
  { described: 'teacher fees: list all (search on fullName)', entry: 'teacherFees.list' },
  { described: 'teacher fees: upsert', entry: 'teacherFees.upsert' },
  { described: 'teacher fees: DELETE {teacherFeeId}', entry: 'teacherFees.delete' },

  // Exports
  { described: 'export of deposits', entry: 'financeExports.deposits' },
  { described: 'export of contracts', entry: 'financeExports.contracts' },
  { described: 'export of side costs', entry: 'financeExports.sideCosts' },
  { described: 'export of settlements', entry: 'financeExports.settlements' },
  { described: 'export of the course plan', entry: 'progress.exportLink' },
  { described: "export of students' balance", entry: 'financeExports.balances' },
  { described: "export of teachers' balance", entry: 'financeExports.teachersBalance' },
  { described: 'export of transfers', entry: 'financeExports.transfers' },
  { described: 'export of the general financial report', entry: 'financialReport.export' },
];
