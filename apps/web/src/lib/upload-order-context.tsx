import { createContext, useContext } from 'react';

/** Opens the shop's 'Upload order' dialog, which the app layer owns (spec §2: top bar, empty lists). */
export const UploadOrderContext = createContext<(() => void) | null>(null);

/** The function opening the upload dialog, or null outside a shop's area. */
export const useOpenUpload = () => useContext(UploadOrderContext);
