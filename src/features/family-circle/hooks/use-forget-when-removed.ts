// A 404 on a circle's request means one was removed from it (or left it elsewhere): the device's
// copies of that circle go at once, and the page says why.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { forgetCircle, isNotFound } from '../api/circle-errors';

export function useForgetWhenRemoved(storytellerId: string, error: unknown): boolean {
  const queryClient = useQueryClient();
  const removed = isNotFound(error);
  useEffect(() => {
    if (removed) forgetCircle(queryClient, storytellerId);
  }, [removed, queryClient, storytellerId]);
  return removed;
}
