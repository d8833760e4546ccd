// `npm run build`: every package, in dependency order, and the examples that have a build of their own.
import { buildPackages, PACKAGES } from './lib/packages.mjs';

/** Examples built from the packages' dist/, as an integrator builds them: each goes right after the last it uses. */
const EXAMPLES = [
  {
    after: '@gjj-hall/widgets',
    pkg: { name: '@gjj-hall/example-react-host', from: ['examples/react-host'], output: 'examples/react-host/dist/index.html' },
  },
];

const ordered = PACKAGES.flatMap((pkg) => [pkg, ...EXAMPLES.filter((e) => e.after === pkg.name).map((e) => e.pkg)]);
process.exit(buildPackages(ordered) ? 0 : 1);
