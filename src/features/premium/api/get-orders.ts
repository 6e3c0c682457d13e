// GET /orders: the printed books ordered, newest first as the server sends them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { premiumKeys } from './premium-keys';
import type { OrderListWire } from './types';

export function getOrders(): Promise<OrderListWire> {
  return apiRequest<OrderListWire>('/orders');
}

export function ordersQueryOptions() {
  return queryOptions({
    queryKey: premiumKeys.orders(),
    queryFn: getOrders,
    staleTime: 0,
    // The list is extra information beside the order button: without it the page still works.
    meta: { globalErrorToast: false },
  });
}

export function useBookOrders(bookID: string) {
  return useQuery({
    ...ordersQueryOptions(),
    select: (list) => list.data.filter((order) => order.book_id === bookID),
  });
}
