import { Toaster as Sonner, toast } from 'sonner';

/** Toast autohide of spec §9. */
export const TOAST_DURATION_MS = 5000;

/** Green and red toasts of spec §4. */
export const notify = {
  success: (message: string, description?: string) => toast.success(message, { description }),
  error: (message: string, description?: string) => toast.error(message, { description }),
};

export function Toaster() {
  return <Sonner position="top-right" richColors closeButton duration={TOAST_DURATION_MS} />;
}
