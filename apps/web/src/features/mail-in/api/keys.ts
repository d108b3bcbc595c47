/** Query keys of the mail-in domain. */
export const mailInKeys = {
  all: ['mail-in'] as const,
  /** Everything of one shop: what a chosen supplier or a mailbox fetch changes. */
  shop: (shopId: number) => [...mailInKeys.all, shopId] as const,
  config: (shopId: number) => [...mailInKeys.all, shopId, 'config'] as const,
  messages: (shopId: number, filter: object) => [...mailInKeys.all, shopId, 'messages', filter] as const,
  suppliers: (shopId: number) => [...mailInKeys.all, shopId, 'suppliers'] as const,
};
