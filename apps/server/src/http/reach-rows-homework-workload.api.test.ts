import { describeReads } from '../../test/reach/runner.ts';
import { homeworkWorkloadReads } from '../../test/reach/table-homework-workload.ts';

/**
 * The role × area row test (issue 26) for homework completion and teacher workload (issue 29): as
 * each role, against the fixed centre (test/reach/model.ts), the homework of the classes and
 * students the rules allow, the hours of the teachers and classes they allow.
 */
describeReads('homework completion and teacher workload', homeworkWorkloadReads);
