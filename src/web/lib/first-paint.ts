// Puts the data the server wrote into a public page (src/server/modules/catalogue/seo/first-paint.ts) into the query
// cache before the first render, so the page shows its sharks without asking the API again.
import type { QueryClient } from '@tanstack/react-query';
import { FIRST_PAINT_ELEMENT_ID, type FirstPaintEntry } from '#shared/catalogue-keys.ts';

export function seedFirstPaint(queryClient: QueryClient, doc: Document = document) {
  const block = doc.getElementById(FIRST_PAINT_ELEMENT_ID);
  if (!block) return;
  // Used once: it describes the page as it was loaded, not the pages the visitor goes to next.
  block.remove();
  let entries: FirstPaintEntry[];
  try {
    entries = JSON.parse(block.textContent ?? '[]') as FirstPaintEntry[];
  } catch {
    return; // a broken block only costs the round trips it was meant to save
  }
  if (!Array.isArray(entries)) return;
  for (const { key, data, infinite } of entries) {
    queryClient.setQueryData(key, infinite ? { pages: [data], pageParams: [1] } : data);
  }
}
