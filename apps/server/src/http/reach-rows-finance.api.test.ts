import { describeReads } from '../../test/reach/runner.ts';
import { financeReads } from '../../test/reach/table-finance.ts';

/**
 * The role × area row test (issue 26): every read of the contract, as each role, against one fixed
 * centre (test/reach/model.ts), answers exactly the rows the rules allow (test/reach/rules.ts) —
 * the access matrix of contract.api.test.ts extended from "which endpoints" to "which rows".
 * This file: money: whose deposits, transfers, balances, debts, side costs, guides and receipts.
 */
describeReads('finance', financeReads);
