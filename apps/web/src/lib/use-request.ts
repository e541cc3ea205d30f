import { useCallback, useEffect, useRef, useState } from 'react';

export interface RequestState<TArgs, TResult> {
  /** Sends the call; the promise rejects with its error (also kept in `error`). */
  run: (args: TArgs) => Promise<TResult>;
  isPending: boolean;
  isSuccess: boolean;
  error: Error | null;
  reset: () => void;
}

/**
 * One call a form sends, with its pending and failed states: what the sign-in pages need of a
 * mutation library, without loading one before the signed-in app (npm run bench:web).
 */
export function useRequest<TArgs, TResult>(
  send: (args: TArgs) => Promise<TResult>,
): RequestState<TArgs, TResult> {
  const [state, setState] = useState<{ isPending: boolean; isSuccess: boolean; error: Error | null }>({
    isPending: false,
    isSuccess: false,
    error: null,
  });
  const sendRef = useRef(send);
  sendRef.current = send;
  // An answer that arrives after the page has gone is dropped, not set on an unmounted form.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (args: TArgs) => {
    setState({ isPending: true, isSuccess: false, error: null });
    try {
      const result = await sendRef.current(args);
      if (mounted.current) setState({ isPending: false, isSuccess: true, error: null });
      return result;
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      if (mounted.current) setState({ isPending: false, isSuccess: false, error });
      throw error;
    }
  }, []);
  const reset = useCallback(() => setState({ isPending: false, isSuccess: false, error: null }), []);
  return { run, reset, ...state };
}
