import { describe, expect, it } from 'vitest';
import { currentSchemaGeneration, isStalePlan, schemaChanged, statementNames } from '../src/infra/db/named-statements';

describe('named statements (PostgreSQL prepared statements per query shape)', () => {
  it('names each SELECT text once, the same name every time, and nothing else', () => {
    const names = statementNames(2);
    const page = 'SELECT "r"."id" FROM "t" AS r ORDER BY "r"."id" LIMIT $1 OFFSET $2';
    const name = names.nameOf(page);
    expect(name).toMatch(/^mdis_\d+_[0-9a-f]{24}$/);
    expect(names.nameOf(page)).toBe(name);
    expect(names.nameOf('select 1')).not.toBe(name);
    expect(names.nameOf('UPDATE t SET a = $1')).toBeUndefined();
    expect(names.nameOf('begin')).toBeUndefined();
    // Past the cap a new text runs unnamed; the known ones keep their names.
    expect(names.nameOf('SELECT 2')).toBeUndefined();
    expect(names.nameOf(page)).toBe(name);
  });

  it('runs a text unnamed once its plan went stale', () => {
    const names = statementNames();
    names.forget('SELECT 1');
    expect(names.nameOf('SELECT 1')).toBeUndefined();
    expect(isStalePlan({ code: '0A000' })).toBe(true);
    expect(isStalePlan(new Error('other'))).toBe(false);
  });

  it('names the same text differently after a schema change (no plan of before is run after)', () => {
    const before = statementNames();
    const text = 'SELECT "r"."id" FROM "t" AS r';
    schemaChanged();
    const after = statementNames();
    expect(after.generation).toBe(currentSchemaGeneration());
    expect(after.generation).toBeGreaterThan(before.generation);
    expect(after.nameOf(text)).not.toBe(before.nameOf(text));
  });
});
