import { describeReads } from '../../test/reach/runner.ts';
import { centreReportReads } from '../../test/reach/table-centre-reports.ts';

/**
 * The role × area row test (issue 26) for the centre's reports (issue 29): every figure, as each
 * role, against the fixed centre (test/reach/model.ts), counts exactly the sessions the rules allow.
 */
describeReads('centre reports', centreReportReads);
