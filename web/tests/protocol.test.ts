// The browser's protocol types are generated (`make protocol`): the checked-in
// api.gen.ts must be what openapi-typescript makes of the checked-in openapi.json
// (which a server test compares with the server's own schemas), with the options
// the Makefile gives.
import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const lib = new URL('../src/lib/', import.meta.url);
const body = (text: string) => text.slice(text.indexOf('export '));

describe('the generated protocol types', () => {
  it('are current', async () => {
    const document = JSON.parse(readFileSync(new URL('openapi.json', lib), 'utf8'));
    const generated = astToString(await openapiTS(document, { defaultNonNullable: false }));
    const checkedIn = readFileSync(new URL('api.gen.ts', lib), 'utf8');
    expect(body(checkedIn), 'stale: run `make protocol`').toBe(body(generated));
  });
});
