/** Query keys of the mail-in domain. */
export const mailInKeys = {
  all: ['mail-in'] as const,
  config: (shopId: number) => [...mailInKeys.all, shopId, 'config'] as const,
  suppliers: (shopId: number) => [...mailInKeys.all, shopId, 'suppliers'] as const,
};
