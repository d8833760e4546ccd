// `npm run build`: every package, in dependency order.
import { buildPackages, PACKAGES } from './lib/packages.mjs';

process.exit(buildPackages(PACKAGES) ? 0 : 1);
