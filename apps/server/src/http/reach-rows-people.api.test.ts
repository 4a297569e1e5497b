import { describeReads } from '../../test/reach/runner.ts';
import { peopleReads } from '../../test/reach/table-people.ts';

/**
 * The role × area row test (issue 26): every read of the contract, as each role, against one fixed
 * centre (test/reach/model.ts), answers exactly the rows the rules allow (test/reach/rules.ts) —
 * the access matrix of contract.api.test.ts extended from "which endpoints" to "which rows".
 * This file: users, notifications, course plans, surveys and teacher pay.
 */
describeReads('people', peopleReads);
