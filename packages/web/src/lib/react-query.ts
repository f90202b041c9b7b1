import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a component may add to a mutation hook of an api/ file (its own onSuccess, onError, ...): the
 * hook keeps the request and the cache work (invalidation, cached copies) beside the queries it touches.
 */
export type MutationConfig<Fn extends (...args: never[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;
