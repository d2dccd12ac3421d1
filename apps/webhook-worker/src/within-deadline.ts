/**
 * Shutdown steps share one grace (SHUTDOWN_GRACE_MS): each waits for its work at most until the
 * deadline, and what is still running then is reported, not waited for.
 */
export async function withinDeadline<T>(work: Promise<T>, deadlineAt: number): Promise<{ done: true; value: T } | { done: false }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ done: false }>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), Math.max(0, deadlineAt - Date.now()));
  });
  try {
    return await Promise.race([work.then((value) => ({ done: true as const, value })), late]);
  } finally {
    clearTimeout(timer);
  }
}
