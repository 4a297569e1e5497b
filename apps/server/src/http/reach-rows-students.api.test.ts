import { describeReads } from '../../test/reach/runner.ts';
import { studentReads } from '../../test/reach/table-students.ts';

/**
 * The role × area row test (issue 26) for a student's page (issue 31): every section, as each
 * role, against the fixed centre (test/reach/model.ts), answers exactly the rows the rules allow.
 */
describeReads('students', studentReads);
