// One writing module per table (issue 39, item 6; decision 209), held over the list in db/owners.ts: every table
// of schema.ts has an owner there, and no server code but the owner's module inserts, updates or deletes its rows,
// through Drizzle (`.insert(t)`, `.update(t)`, `.delete(t)`, the table imported from schema.ts by any name) or in
// SQL text (`INSERT INTO t`, `UPDATE t`, `DELETE FROM t`, the name written out or interpolated). Reading is free.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema.ts';
import { TABLE_OWNERS, WRITERS_OF_ANY_TABLE } from '#server/db/owners.ts';
import { repoRoot } from '#server/test/import-graph.ts';

/** Each table's SQL name by the name schema.ts exports it under. */
const tableByExport = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [name, getTableName(table as PgTable)]),
);
const tableNames = new Set(tableByExport.values());

interface Write {
  table: string;
  how: string;
}

const SQL_WRITE = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:public\.)?"?(\w+)"?/g;
const SQL_WRITE_BEFORE_VALUE = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+$/;

/** The tables a file's code writes: Drizzle's insert/update/delete of a schema table, and SQL text that writes one. */
function writesOf(fileName: string, source: string): Write[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const named = new Map<string, string>(); // local name -> schema.ts export
  const namespaces = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    const bindings = statement.importClause?.namedBindings;
    if (!/(^|\/)db\/schema(\.ts)?$/.test(from) || !bindings) continue;
    if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    else for (const el of bindings.elements) named.set(el.name.text, (el.propertyName ?? el.name).text);
  }
  const tableOf = (e: ts.Expression): string | undefined => {
    if (ts.isIdentifier(e) && named.has(e.text)) return tableByExport.get(named.get(e.text)!);
    if (
      ts.isPropertyAccessExpression(e) &&
      ts.isIdentifier(e.expression) &&
      namespaces.has(e.expression.text)
    )
      return tableByExport.get(e.name.text);
    return undefined;
  };
  const writes: Write[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const table = tableOf(node.arguments[0]);
      if (table) writes.push({ table, how: `.${node.expression.name.text}()` });
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node))
      for (const [, verb, name] of node.text.matchAll(SQL_WRITE))
        if (tableNames.has(name)) writes.push({ table: name, how: verb.replace(/\s+/, ' ') });
    if (ts.isTemplateExpression(node))
      node.templateSpans.forEach((span, i) => {
        const before = (i === 0 ? node.head : node.templateSpans[i - 1].literal).text;
        const verb = SQL_WRITE_BEFORE_VALUE.exec(before)?.[1];
        const table = verb && tableOf(span.expression);
        if (table) writes.push({ table, how: verb.replace(/\s+/, ' ') });
      });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return writes;
}

/**
 * The module a server file belongs to: "<context>/<name>" under modules/, else its top folder or file (jobs, ops).
 */
function writerOf(relative: string): string {
  const [top, context, name] = relative.replace(/^src\/server\//, '').split('/');
  return top === 'modules' ? `${context}/${name}` : top.replace(/\.tsx?$/, '');
}

function serverFiles(dir: string): string[] {
  return fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : serverFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** Every write by code other than the table's owner, as "file writes table (how), owned by owner". */
function strayWrites(files: { path: string; source: string }[]): string[] {
  const stray: string[] = [];
  for (const file of files) {
    if (WRITERS_OF_ANY_TABLE.some((w) => file.path.startsWith(w.path))) continue;
    const writer = writerOf(file.path);
    for (const { table, how } of writesOf(file.path, file.source)) {
      const owner = TABLE_OWNERS[table];
      if (owner !== writer)
        stray.push(`${file.path} writes ${table} (${how}), owned by ${owner ?? 'nobody'}`);
    }
  }
  return [...new Set(stray)].sort();
}

describe('tables', () => {
  it('each have one owning module in db/owners.ts, every table of schema.ts and nothing else', () => {
    expect(tableNames.size).toBeGreaterThan(50);
    expect([...tableNames].filter((t) => !(t in TABLE_OWNERS)).sort()).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((t) => !tableNames.has(t))).toEqual([]);
    const folders = (dir: string) =>
      fs
        .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    const modules = new Set(
      folders('src/server/modules').flatMap((context) =>
        folders(`src/server/modules/${context}`).map((name) => `${context}/${name}`),
      ),
    );
    expect([...new Set(Object.values(TABLE_OWNERS))].filter((m) => !modules.has(m))).toEqual([]);
  });

  it('are written only by their owner in src/server, the seed and the test helpers excepted', () => {
    const files = serverFiles('src/server').map((p) => ({
      path: p,
      source: fs.readFileSync(path.join(repoRoot, p), 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(150);
    expect(strayWrites(files)).toEqual([]);
    for (const exception of WRITERS_OF_ANY_TABLE) expect(exception.reason).not.toBe('');
  });

  it('would name the file, the table and its owner of a write from another module, however it is written', () => {
    const admin = `import { and, eq, sql } from 'drizzle-orm';
      import * as schema from '#server/db/schema.ts';
      import { users as u, sharks } from '#server/db/schema.ts';
      export const suspend = (db, id) => db.update(u).set({ suspendedAt: null }).where(eq(u.id, id));
      export const draft = (db, row) => db.insert(schema.sharks).values(row);
      export const read = (db) => db.select().from(sharks);
      export const purge = (db) => db.execute(sql\`DELETE FROM \${schema.profiles} WHERE id = 1\`);
      export const raw = 'UPDATE sharks SET published = false';`;
    const accounts = `import { users } from '#server/db/schema.ts';
      export const add = (db, row) => db.insert(users).values(row);`;
    expect(
      strayWrites([
        { path: 'src/server/modules/admin/admin/repository.ts', source: admin },
        { path: 'src/server/modules/accounts/accounts/repository.ts', source: accounts },
      ]),
    ).toEqual([
      'src/server/modules/admin/admin/repository.ts writes profiles (DELETE FROM), owned by accounts/profiles',
      'src/server/modules/admin/admin/repository.ts writes sharks (.insert()), owned by sessions/workspace',
      'src/server/modules/admin/admin/repository.ts writes sharks (UPDATE), owned by sessions/workspace',
      'src/server/modules/admin/admin/repository.ts writes users (.update()), owned by accounts/accounts',
    ]);
  });
});
