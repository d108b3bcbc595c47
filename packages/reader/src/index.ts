/** The document reader; see ../shared/EXTRACTION.md. Filled by the reader issue. */
export const READER_VERSION = '0.0.0';
