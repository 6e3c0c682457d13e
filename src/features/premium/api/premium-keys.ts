// Query keys of the premium feature. The chapters feature keeps its own copy of the access rules under
// ['chapters', 'access']: whatever changes the status here invalidates both.
export const premiumKeys = {
  all: ['premium'] as const,
  status: () => [...premiumKeys.all, 'status'] as const,
  orders: () => [...premiumKeys.all, 'orders'] as const,
};
