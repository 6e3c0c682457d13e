// The support address shown on the help page, from the shared public configuration (src/lib); without
// it the contact form still works.
import { useQuery } from '@tanstack/react-query';
import { publicConfigQueryOptions } from '../../../lib/public-config';

/** The support address, or null while unknown (not loaded yet, offline, or not configured). */
export function useSupportEmail(): string | null {
  const { data } = useQuery({
    ...publicConfigQueryOptions(),
    select: (config) => config.support_email?.trim() || null,
  });
  return data ?? null;
}
