import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images, fonts and videos come compressed, source maps are for developers only. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|vtt|webmanifest|xml)$/i;

/**
 * Writes `name.br` (brotli, best) and `name.gz` (gzip, best) beside every text file of the build, so the server
 * answers from them rather than compressing per request (issue 23). A variant no smaller than the file is not written.
 *
 * @example
 * defineConfig({ plugins: [react(), precompress()] })
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'gjj-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gz(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}
