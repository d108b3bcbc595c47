import fs from 'node:fs';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

const data = new Uint8Array(fs.readFileSync(process.argv[2]));
const t0 = performance.now();
const doc = await pdfjs.getDocument({
  data,
  isEvalSupported: false,
  useSystemFonts: false,
  disableFontFace: true,
  verbosity: 0,
}).promise;
const page = await doc.getPage(1);
const vp = page.getViewport({ scale: 1 });
const tc = await page.getTextContent();
console.log(doc.numPages, vp.width, vp.height, performance.now() - t0);
for (const it of tc.items.slice(0, 400))
  if (it.str?.trim())
    console.log(
      JSON.stringify(it.str),
      it.transform.map((x) => Math.round(x)).join(','),
      Math.round(it.width),
    );
