// gjj-rate-table.js, the rate table's own script-tag file.
import { rateTableTests } from './rate-table.ts';

rateTableTests('gjj-rate-table.js');
