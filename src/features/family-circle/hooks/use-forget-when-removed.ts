// A 404 on a circle's request means one was removed from it (or left it elsewhere, or her account is
// gone): the device's copies of that circle go at once (the query cache and Dexie), and the page says why.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { forgetCircle, isNotFound } from '../api/circle-errors';

export function useForgetWhenRemoved(storytellerId: string, error: unknown): boolean {
  const queryClient = useQueryClient();
  const removed = isNotFound(error);
  useEffect(() => {
    if (removed) void forgetCircle(queryClient, storytellerId);
  }, [removed, queryClient, storytellerId]);
  return removed;
}
