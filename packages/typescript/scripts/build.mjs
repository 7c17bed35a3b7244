/**
 * Builds dist/ from src/ file by file (TypeScript's transpileModule and transpileDeclaration:
 * the sources are written for `isolatedModules` and `isolatedDeclarations`), in well under a
 * second, so tests/unit/sdk/generated.test.ts can check that the committed dist/ is the build of
 * src/. Types are checked apart: `npm run typecheck` (tsc -p packages/typescript).
 *
 *   node packages/typescript/scripts/build.mjs    (npm run build -w visionapi)
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(PACKAGE, 'src');
export const DIST = path.join(PACKAGE, 'dist');

function sources(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return sources(full);
      return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [full] : [];
    });
}

function compilerOptions() {
  const file = path.join(PACKAGE, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, PACKAGE);
  // The package is ESM ("type": "module"): what NodeNext emits for it, known without a program.
  return { ...options, module: ts.ModuleKind.ESNext };
}

/** Every file of dist/ (absolute path → text). */
export function buildOutputs() {
  const options = compilerOptions();
  const outputs = new Map();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const relative = path.relative(SRC, file).replace(/\.ts$/, '');
    const js = ts.transpileModule(text, { compilerOptions: options, fileName: file });
    const dts = ts.transpileDeclaration(text, { compilerOptions: options, fileName: file });
    const problems = [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])];
    if (problems.length > 0) {
      throw new Error(
        `${relative}.ts: ${problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`,
      );
    }
    outputs.set(path.join(DIST, `${relative}.js`), js.outputText);
    outputs.set(path.join(DIST, `${relative}.d.ts`), dts.outputText);
  }
  return outputs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outputs = buildOutputs();
  rmSync(DIST, { recursive: true, force: true });
  for (const [file, text] of outputs) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  console.log(`dist/: ${outputs.size} files`);
}
