// Every public entry of both packages, as an integrator's TypeScript imports them (docs: README, "Using the packages").
import * as sdk0 from '@gjj-hall/sdk';
import * as sdk1 from '@gjj-hall/sdk/validate';
import * as sdk2 from '@gjj-hall/sdk/format';
import * as sdk3 from '@gjj-hall/sdk/crypto';
import * as sdk4 from '@gjj-hall/sdk/loan';
import * as sdk5 from '@gjj-hall/sdk/menu';
import * as sdk6 from '@gjj-hall/sdk/auth';
import * as sdk7 from '@gjj-hall/sdk/testing';
import * as sdk8 from '@gjj-hall/sdk/input';
import * as sdk9 from '@gjj-hall/sdk/rates';
import * as sdk10 from '@gjj-hall/sdk/public';
import * as sdk11 from '@gjj-hall/sdk/host';
import * as sdk12 from '@gjj-hall/sdk/archive';
import * as widgets0 from '@gjj-hall/widgets';
import * as widgets1 from '@gjj-hall/widgets/elements';
import * as widgets2 from '@gjj-hall/widgets/standalone';
import * as widgets3 from '@gjj-hall/widgets/jsx';

export const entries = [sdk0, sdk1, sdk2, sdk3, sdk4, sdk5, sdk6, sdk7, sdk8, sdk9, sdk10, sdk11, sdk12, widgets0, widgets1, widgets2, widgets3];
