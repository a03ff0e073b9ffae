import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueKeys, FIRST_PAINT_ELEMENT_ID } from '#shared/catalogue-keys.ts';
import { seedFirstPaint } from './first-paint';

function writeBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_PAINT_ELEMENT_ID;
  block.textContent = text;
  document.body.append(block);
}

afterEach(() => document.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove());

describe('seedFirstPaint', () => {
  it('puts the server-written data into the cache under its keys, a list as its first page, and uses the block once', () => {
    const page = { items: [{ id: 'a' }], page: 1, pageSize: 8, hasMore: true };
    const filters = {
      search: 'cloud',
      specialization: '' as const,
      sort: 'rating' as const,
      verified: false,
    };
    writeBlock(
      JSON.stringify([
        { key: catalogueKeys.list(filters), data: page, infinite: true },
        { key: catalogueKeys.shark('s1'), data: { id: 's1', name: 'Asha' } },
      ]),
    );
    const client = new QueryClient();
    seedFirstPaint(client);
    expect(client.getQueryData(catalogueKeys.list({ ...filters }))).toEqual({
      pages: [page],
      pageParams: [1],
    });
    expect(client.getQueryData(catalogueKeys.shark('s1'))).toEqual({ id: 's1', name: 'Asha' });
    expect(document.getElementById(FIRST_PAINT_ELEMENT_ID)).toBeNull();
  });

  it('ignores a missing or broken block', () => {
    const client = new QueryClient();
    seedFirstPaint(client);
    writeBlock('{not json');
    seedFirstPaint(client);
    writeBlock('{"an":"object"}');
    seedFirstPaint(client);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
