// gjj-complaint-form.js, the complaint form's own script-tag file.
import { complaintFormTests } from './complaint-form.ts';

complaintFormTests('gjj-complaint-form.js');
