export type FileKind = 'pdf' | 'png' | 'jpeg' | 'xml' | 'unknown';

/** Identifies a file by its leading bytes, never by its name. */
export function identify(bytes: Uint8Array): FileKind {
  const b = bytes;
  if (b.length >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d)
    return 'pdf';
  // PDFs may carry junk before the header (allowed within the first 1024 bytes)
  const head = new TextDecoder('latin1').decode(b.subarray(0, 1024));
  if (head.includes('%PDF-')) return 'pdf';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  const start = head.replace(/^\uFEFF/, '').trimStart();
  if (
    start.startsWith('<?xml') ||
    /^<([A-Za-z_][\w.-]*:)?(CrossIndustryInvoice|Invoice|CreditNote|SCRDMCCBDACIOMessageStructure|CrossIndustryDocument)\b/.test(
      start,
    )
  )
    return 'xml';
  return 'unknown';
}
