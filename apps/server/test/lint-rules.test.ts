import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run on snippets placed at real paths. The rules checked here read
// imports and syntax only, so type information is switched off: the test stays fast and needs no program.
const eslint = new ESLint({
  cwd: path.resolve(import.meta.dirname, '../../..'),
  overrideConfig: tseslint.configs.disableTypeChecked,
});

async function findings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('boundaries', () => {
  const dbImports = [
    "import { clients } from '../../platform/db/schema/index';\nexport const table = clients;\n",
    "import { withSystem } from '../../platform/db/tenant';\nexport const run = withSystem;\n",
  ];

  it('stops a resolver from importing the database layer or the query builder', async () => {
    for (const code of dbImports) {
      expect(await findings('apps/server/src/modules/clients/clients.graphql.ts', code)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*A resolver calls its service/),
      ]);
    }
    expect(
      await findings(
        'apps/server/src/modules/clients/clients.graphql.ts',
        "import { eq } from 'drizzle-orm';\nexport const same = eq;\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*not the database/)]);
  });

  it('lets a service use the database layer', async () => {
    for (const code of dbImports) {
      expect(await findings('apps/server/src/modules/clients/clients.service.ts', code)).toEqual([]);
    }
  });

  it('keeps the web away from apps/server, however it is spelled', async () => {
    const file = 'apps/web/src/ui/resource-index.tsx';
    const imports = (source: string) => `import * as server from '${source}';\nexport const s = server;\n`;
    for (const source of ['../../../server/src/app', '@canvass/server', '@canvass/server/src/app']) {
      expect(await findings(file, imports(source))).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*never apps\/server/),
      ]);
    }
    expect(await findings(file, imports('../../../server/src/platform/db/pool'))).toContainEqual(
      expect.stringMatching(/^no-restricted-imports: .*never reaches the database layer/),
    );
    expect(await findings(file, "import { messages } from '@canvass/domain';\nexport const m = messages;\n")).toEqual(
      [],
    );
  });
});

describe('order of modules', () => {
  const importing = (source: string) => `import * as imported from '${source}';\nexport const i = imported;\n`;
  const upward = /^canvass\/module-order: modules\/lists \(records\) may not import modules\/projects \(engines\)/;

  it('stops a module from importing one above it', async () => {
    expect(
      await findings('apps/server/src/modules/lists/lists.service.ts', importing('../projects/projects.service')),
    ).toEqual([expect.stringMatching(upward)]);
    // Within a layer the order holds too: opt-outs come before lists.
    expect(
      await findings('apps/server/src/modules/opt-outs/opt-outs.service.ts', importing('../lists/staging')),
    ).toEqual([expect.stringMatching(/^canvass\/module-order: modules\/opt-outs \(records\) may not import/)]);
  });

  it('lets a module import one below it, its own files, and any job contract', async () => {
    for (const [file, source] of [
      ['apps/server/src/modules/projects/projects.service.ts', '../lists/staging'],
      ['apps/server/src/modules/projects/load/load-project.ts', '../projects.service'],
      ['apps/server/src/modules/opt-outs/auto-replies.ts', '../sending/dispatch/dispatch.job'],
    ]) {
      expect(await findings(file, importing(source))).toEqual([]);
    }
  });

  it('asks a new module to take its place in the order', async () => {
    expect(await findings('apps/server/src/modules/reports/reports.service.ts', importing('../lists/staging'))).toEqual(
      [expect.stringMatching(/^canvass\/module-order: modules\/reports is not in the order of modules/)],
    );
  });
});

describe('layers of the web', () => {
  const importing = (source: string) => `import * as imported from '${source}';\nexport const i = imported;\n`;

  it('stops a folder from importing a layer above it, statically or lazily', async () => {
    expect(await findings('apps/web/src/session/session.tsx', importing('../ui/format'))).toEqual([
      expect.stringMatching(/^canvass\/module-order: src\/session \(session\) may not import src\/ui \(ui\)/),
    ]);
    expect(await findings('apps/web/src/ui/format.ts', importing('../resources/icons'))).toEqual([
      expect.stringMatching(/^canvass\/module-order: src\/ui \(ui\) may not import src\/resources \(screens\)/),
    ]);
    expect(
      await findings('apps/web/src/resources/clients.tsx', "export const layout = () => import('../shell/layout');\n"),
    ).toEqual([
      expect.stringMatching(/^canvass\/module-order: src\/resources \(screens\) may not import src\/shell \(shell\)/),
    ]);
  });

  it('lets a folder import its own layer and those below, the shell anything, and a test the whole app', async () => {
    for (const [file, source] of [
      ['apps/web/src/ui/format.ts', '../session/display-zone'],
      ['apps/web/src/resources/clients.tsx', '../features/prices/prices-operations'],
      ['apps/web/src/features/dashboard/dashboard-page.tsx', '../../resources/icons'],
      ['apps/web/src/shell/router.tsx', '../features/errors/route-error-page'],
      ['apps/web/src/main.tsx', './shell/router'],
      ['apps/web/src/ui/format.test.ts', '../shell/router'],
    ]) {
      expect(await findings(file, importing(source))).toEqual([]);
    }
  });

  it('asks a new folder to take its place in the layers', async () => {
    expect(await findings('apps/web/src/widgets/clock.tsx', importing('../ui/format'))).toEqual([
      expect.stringMatching(
        /^canvass\/module-order: src\/widgets is not in the order of modules: place it in eslint\/web-layers.js/,
      ),
    ]);
  });
});

describe('import cycles', () => {
  it('stops an import that closes a cycle, in the server and in the web', async () => {
    // load-list.ts imports recipient-phones.ts; planting the way back closes the loop.
    expect(
      await findings(
        'apps/server/src/modules/lists/recipient-phones.ts',
        "import { loadListRows } from './load-list';\nexport const l = loadListRows;\n",
      ),
    ).toEqual(['import-x/no-cycle: Dependency cycle detected']);
    const web = await findings(
      'apps/web/src/ui/notify.ts',
      "import { InlineCreateDialog } from './inline-create-dialog';\nexport const d = InlineCreateDialog;\n",
    );
    expect(web).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
  });

  it('lets a type-only import close the loop, since it leaves no import at run time', async () => {
    expect(
      await findings(
        'apps/server/src/modules/lists/recipient-phones.ts',
        "import type { loadListRows } from './load-list';\nexport type L = typeof loadListRows;\n",
      ),
    ).toEqual([]);
  });
});

describe('assertions that cannot fail', () => {
  const file = 'apps/web/src/ui/resource-index.test.tsx';
  const rule = /^no-restricted-syntax: getBy\/findBy already throw/;

  it('rejects expect(findBy…/getBy…).toBeTruthy() and .toBeDefined()', async () => {
    for (const line of [
      "expect(await screen.findByText('Saved')).toBeTruthy();",
      "expect(await screen.findByRole('button', { name: 'Save' })).toBeDefined();",
      "expect(screen.getByText('Total: 1')).toBeTruthy();",
      "expect(within(row).getAllByRole('cell')).toBeDefined();",
      "expect(await findByText('Saved')).toBeTruthy();",
    ]) {
      expect(await findings(file, `${line}\n`)).toEqual([expect.stringMatching(rule)]);
    }
  });

  it('accepts assertions about what the element shows', async () => {
    for (const line of [
      "expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Clients');",
      "expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(false);",
      "expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();",
      'expect(Boolean(value)).toBeTruthy();',
    ]) {
      expect(await findings(file, `${line}\n`)).toEqual([]);
    }
  });
});

describe('promises', () => {
  // With types, as `npm run lint` runs it; placed in packages/domain, the smallest TypeScript program.
  const typed = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') });
  const file = 'packages/domain/src/phone.ts';
  const lintTyped = async (code: string) =>
    (await typed.lintText(code, { filePath: file }))[0].messages.map((m) => m.ruleId);

  it('rejects a promise nobody awaits, and an async callback where a void one is expected', async () => {
    expect(await lintTyped('export async function save() {}\nexport function run() {\n  save();\n}\n')).toEqual([
      '@typescript-eslint/no-floating-promises',
    ]);
    expect(await lintTyped('export const each = (xs: number[]) => xs.forEach(async () => {});\n')).toEqual([
      '@typescript-eslint/no-misused-promises',
    ]);
  });

  it('accepts an awaited promise and one discarded on purpose with void', async () => {
    expect(
      await lintTyped(
        'export async function save() {}\nexport async function run() {\n  await save();\n  void save();\n}\n',
      ),
    ).toEqual([]);
  });
});
