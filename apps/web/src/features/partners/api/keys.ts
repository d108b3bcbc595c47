/** Query keys of the partners domain. */
export const partnerKeys = {
  all: ['partners'] as const,
  suppliers: (shopId: number) => [...partnerKeys.all, 'shops', shopId, 'suppliers'] as const,
  clients: (supplierId: number) => [...partnerKeys.all, 'suppliers', supplierId, 'clients'] as const,
};
