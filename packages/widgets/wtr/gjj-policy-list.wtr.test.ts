// gjj-policy-list.js, the policy list's own script-tag file.
import { policyListTests } from './policy-list.ts';

policyListTests('gjj-policy-list.js');
