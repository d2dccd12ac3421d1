import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const at = (file: string) => path.join(root, file);
const ERROR_CODES_FILE = at('libs/domain/src/errors/error-codes.ts');
/** One exhaustive mapper per transport (docs/decisions/009-errors-per-transport.md). */
const MAPPERS = [at('libs/http/src/http-error.ts'), at('libs/http/src/oauth-error.ts'), at('apps/graphql/src/graphql-error.ts')];

/**
 * The TypeScript diagnostics of the GraphQL mapper (which reaches the REST and OAuth mappers
 * through libs/http) when the domain's ERROR_CODES holds one more code than the source does.
 */
function diagnosticsWithAnExtraCode(extraCode: string): readonly ts.Diagnostic[] {
  const config = ts.getParsedCommandLineOfConfigFile(at('apps/graphql/tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('apps/graphql/tsconfig.json cannot be read');
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (path.resolve(fileName) !== ERROR_CODES_FILE) return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    const source = ts.sys.readFile(fileName) ?? '';
    const withExtra = source.replace('export const ERROR_CODES = [', `export const ERROR_CODES = [\n  '${extraCode}',`);
    if (withExtra === source) throw new Error('ERROR_CODES not found in error-codes.ts');
    return ts.createSourceFile(fileName, withExtra, languageVersion);
  };
  const program = ts.createProgram({ rootNames: MAPPERS, options: { ...config.options, noEmit: true }, host });
  return ts.getPreEmitDiagnostics(program);
}

describe('Error codes — one exhaustive mapper per transport', () => {
  // A whole type-check of the mappers and what they import: seconds, not milliseconds.
  it('fails to compile the REST, OAuth and GraphQL mappers when a code is added to the domain without a mapping', () => {
    const caused = diagnosticsWithAnExtraCode('PAYMENT_REQUIRED').filter((diagnostic) =>
      ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').includes('PAYMENT_REQUIRED'),
    );
    const files = new Set(caused.map((diagnostic) => diagnostic.file && path.resolve(diagnostic.file.fileName)));
    for (const mapper of MAPPERS) expect(files).toContain(mapper);
    // Each failure is a mapper's `default: unmappedErrorCode(code)`, which takes only `never`.
    for (const diagnostic of caused) expect(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')).toMatch(/not assignable to parameter of type 'never'/);
  }, 120_000);
});
