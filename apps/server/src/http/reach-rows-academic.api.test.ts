import { describeReads } from '../../test/reach/runner.ts';
import { academicReads } from '../../test/reach/table-academic.ts';
import { reportReads } from '../../test/reach/table-reports.ts';

/**
 * The role × area row test (issue 26): every read of the contract, as each role, against one fixed
 * centre (test/reach/model.ts), answers exactly the rows the rules allow (test/reach/rules.ts) —
 * the access matrix of contract.api.test.ts extended from "which endpoints" to "which rows".
 * This file: academic records and the student reports: whose homework, exams, presence, files and parent links.
 */
describeReads('academic', [...academicReads, ...reportReads]);
