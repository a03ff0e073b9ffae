// What a reader sees in a PDF: its text, extracted with unpdf (PDF.js), so tests assert a document's words.
import { extractText, getDocumentProxy, getMeta } from 'unpdf';

// PDF.js takes ownership of the bytes it is given: each call hands it a copy, so the caller's buffer stays whole.
const open = (pdf: Uint8Array) => getDocumentProxy(new Uint8Array(pdf));

/** The text of every page, joined; a PDF that does not parse throws. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await open(pdf), { mergePages: true });
  return text;
}

/** How many pages, the first one's size in points, and the title a reader's window shows. */
export async function pdfInfo(pdf: Uint8Array) {
  const doc = await open(pdf);
  const [, , width, height] = (await doc.getPage(1)).view;
  const { info } = await getMeta(doc);
  return { pages: doc.numPages, width, height, title: (info as { Title?: string }).Title ?? null };
}
